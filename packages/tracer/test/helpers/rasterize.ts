import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pixels } from './render.js';

/** A raster from an outside renderer, with whatever it printed besides (warnings, repairs). */
export interface Rasterized extends Pixels {
  messages: string;
}

/** Renders an EPS with Ghostscript, cropped to its BoundingBox, antialiased, at `dpi` (72 = 1 px per point). */
export function rasterizeEps(eps: string, dpi: number): Rasterized {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'in.eps'), eps);
    const args = [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dEPSCrop',
      '-dGraphicsAlphaBits=4',
      '-sDEVICE=ppmraw',
    ];
    return run('gs', [...args, `-r${dpi}`, `-sOutputFile=${join(dir, 'out.ppm')}`, join(dir, 'in.eps')], dir);
  });
}

/** Renders page 1 of a PDF with poppler's pdftoppm or with Ghostscript, at `dpi`. */
export function rasterizePdf(pdf: Uint8Array, dpi: number, tool: 'pdftoppm' | 'gs' = 'pdftoppm'): Rasterized {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    if (tool === 'pdftoppm') {
      return run('pdftoppm', ['-r', String(dpi), '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')], dir);
    }
    const args = ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dGraphicsAlphaBits=4', '-sDEVICE=ppmraw'];
    return run('gs', [...args, `-r${dpi}`, `-sOutputFile=${join(dir, 'out.ppm')}`, join(dir, 'in.pdf')], dir);
  });
}

function inTempDir<T>(body: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'vectrace-raster-'));
  try {
    return body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Debian package of each reader (CI installs them). */
const debianPackage = { gs: 'ghostscript', pdftoppm: 'poppler-utils' };

function run(command: 'gs' | 'pdftoppm', args: string[], dir: string): Rasterized {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${command} is not installed: apt-get install ${debianPackage[command]}`);
  }
  if (result.error) throw result.error;
  const messages = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${messages}`);
  return { ...readPpm(readFileSync(join(dir, 'out.ppm'))), messages };
}

/** Reads a binary PPM (P6, 8-bit), skipping `#` comments in the header. */
function readPpm(file: Uint8Array): Pixels {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    if (file[i] === 0x23) while (file[i] !== 0x0a) i++; // a comment runs to the end of its line
    const start = i;
    while (file[i] > 0x20) i++;
    if (i > start) fields.push(String.fromCharCode(...file.subarray(start, i)));
    i++;
  }
  const [magic, width, height, max] = fields;
  if (magic !== 'P6' || max !== '255') throw new Error(`Not an 8-bit binary PPM: ${magic} ${max}`);
  const w = Number(width);
  const h = Number(height);
  return { width: w, height: h, channels: 3, data: file.subarray(i, i + w * h * 3) };
}
