import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decode, type Rgba } from '../decode.js';
import type { Peer } from './peer.js';

const run = promisify(execFile);

/** A binary PGM (P5) of the image's luminance on white. */
function toPgm(image: Rgba): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  const pixels = Buffer.alloc(image.width * image.height);
  for (let p = 0, i = 0; p < pixels.length; p++, i += 4) {
    const y = 0.2126 * image.data[i] + 0.7152 * image.data[i + 1] + 0.0722 * image.data[i + 2];
    pixels[p] = Math.round(255 - (image.data[i + 3] * (255 - y)) / 255);
  }
  return Buffer.concat([header, pixels]);
}

/**
 * potrace's own recipe for scans: `mkbitmap` with its defaults (high-pass filter of radius 4,
 * scaled 2x with cubic interpolation, cut at 0.45), then `potrace -s`. Scored on documents only.
 * Its time includes two process spawns and temporary files.
 */
export const mkbitmapPotrace: Peer = {
  name: 'mkbitmap+potrace',
  kinds: ['bw'],
  inProcess: false,
  describe: () => '`mkbitmap` defaults (-f 4 -s 2 -3 -t 0.45) then `potrace -s`',
  async prepare() {
    await run('mkbitmap', ['--version']).catch(() => {
      throw new Error(
        'mkbitmap is not installed (Debian package potrace): run `sudo apt-get install -y potrace`',
      );
    });
  },
  async trace(bytes) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vectrace-bench-'));
    try {
      const input = path.join(dir, 'in.pgm');
      const bitmap = path.join(dir, 'in.pbm');
      const output = path.join(dir, 'out.svg');
      await writeFile(input, toPgm(await decode(bytes)));
      await run('mkbitmap', ['-o', bitmap, input]);
      await run('potrace', ['-s', '-o', output, bitmap]);
      return { svg: await readFile(output, 'utf8') };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
