import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { binarize, decode, type Rgba } from '../decode.js';
import type { Peer } from './peer.js';

const run = promisify(execFile);

/** A binary PBM (P4): 1 bits are black, rows padded to whole bytes. */
export function toPbm(image: Rgba): Buffer {
  const rowBytes = Math.ceil(image.width / 8);
  const header = Buffer.from(`P4\n${image.width} ${image.height}\n`, 'ascii');
  const bits = Buffer.alloc(rowBytes * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.data[(y * image.width + x) * 4] === 0) bits[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([header, bits]);
}

async function hasPotrace(): Promise<boolean> {
  try {
    await run('potrace', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * The potrace program with its default settings on the image thresholded at 50%. Its time
 * includes decoding, the cut, a process spawn and two temporary files: it is compared with ours
 * over the whole real set (where a spawn's few milliseconds weigh little), not image by image.
 */
export const potraceCli: Peer = {
  name: 'potrace',
  kinds: ['bw'],
  inProcess: false,
  describe: () => 'potrace CLI `-s`, default settings, on a PBM thresholded at 50%',
  async prepare() {
    if (await hasPotrace()) return;
    if (process.getuid?.() !== 0) {
      throw new Error(
        'potrace is not installed: run `sudo apt-get install -y potrace`, or skip it with --only',
      );
    }
    console.log('potrace is not on PATH; installing the Debian package');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-qq'], { env });
    await run('apt-get', ['install', '-y', '-qq', 'potrace'], { env });
    if (!(await hasPotrace())) throw new Error('apt-get install potrace did not put potrace on PATH');
  },
  async trace(bytes) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vectrace-bench-'));
    try {
      const input = path.join(dir, 'in.pbm');
      const output = path.join(dir, 'out.svg');
      await writeFile(input, toPbm(binarize(await decode(bytes))));
      await run('potrace', ['-s', '-o', output, input]);
      return { svg: await readFile(output, 'utf8') };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
