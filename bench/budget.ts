import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { BUDGET_SECTION, writeSection } from './results-section.js';

/**
 * A trace's budget (RELIABILITY 58: 60 CPU-seconds and 1 GB): the costliest settings on the
 * costliest inputs a user can send, each traced by the CLI in a process of its own, its CPU time
 * (user and system) and peak memory read by GNU time. The inputs are made here: color noise as
 * JPEG at 900, 1800 and 3400 px (every pixel an edge; the last near the 10 MB upload limit), and
 * a 49-megapixel interlaced PNG (near the 50-megapixel limit).
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(benchDir, '../packages/tracer/dist/cli/main.js');
const dir = await mkdtemp(path.join(tmpdir(), 'vectrace-budget-'));

/** Seeded noise: the same picture on every run. */
function noise(length: number): Buffer {
  const data = Buffer.alloc(length);
  let s = 1;
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[i] = s >>> 24;
  }
  return data;
}
const noiseJpeg = (side: number) =>
  sharp(noise(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(path.join(dir, `noise${side}.jpg`));
await noiseJpeg(900);
await noiseJpeg(1800);
// The largest noise the upload limit (10 MB) takes.
await noiseJpeg(3400);
// 49 megapixels of rings in eight colors, an interlaced PNG of a few MB.
const side = 7000;
const big = Buffer.alloc(side * side * 3);
const palette = [0, 40, 80, 120, 160, 200, 230, 255];
for (let y = 0, o = 0; y < side; y++) {
  for (let x = 0; x < side; x++, o += 3) {
    const ring = Math.floor(Math.hypot(x - side / 2, y - side / 2) / 150) % 8;
    big[o] = palette[ring] ?? 0;
    big[o + 1] = palette[(ring + 3) % 8] ?? 0;
    big[o + 2] = palette[(ring + 5) % 8] ?? 0;
  }
}
await sharp(big, { raw: { width: side, height: side, channels: 3 } })
  .png({ progressive: true })
  .toFile(path.join(dir, 'rings49.png'));
for (const name of ['noise3400.jpg', 'rings49.png']) {
  const { size } = await stat(path.join(dir, name));
  if (size > 10 * 1024 * 1024) throw new Error(`${name} is ${size} bytes, over the upload limit`);
}

const cases: [string, string[]][] = [
  ['noise900.jpg', []],
  ['noise900.jpg', ['--mode', 'color', '--colors', '8']],
  ['noise900.jpg', ['--mode', 'color', '--colors', '32']],
  ['noise900.jpg', ['--mode', 'color', '--colors', '32', '--quality', 'ultra']],
  ['noise900.jpg', ['--mode', 'color', '--colors', '32', '--shapes']],
  ['noise900.jpg', ['--mode', 'color', '--colors', '32', '--layering', 'cutout']],
  ['noise900.jpg', ['--mode', 'color', '--colors', '32', '--cut-contour', '8px']],
  ['noise900.jpg', ['--mode', 'bw', '--quality', 'ultra', '--shapes']],
  ['noise900.jpg', ['--mode', 'centerline']],
  ['noise900.jpg', ['--mode', 'pixel']],
  ['noise1800.jpg', ['--mode', 'color', '--colors', '32', '--quality', 'ultra']],
  ['noise1800.jpg', ['--mode', 'pixel']],
  ['noise3400.jpg', []],
  ['noise3400.jpg', ['--mode', 'color', '--colors', '32', '--quality', 'ultra']],
  ['noise3400.jpg', ['--mode', 'bw', '--shapes']],
  ['rings49.png', []],
  ['rings49.png', ['--mode', 'color', '--colors', '32', '--quality', 'ultra']],
  ['rings49.png', ['--mode', 'pixel']],
];

const rows = ['| input | settings | CPU-s | peak MB | outcome |', '|---|---|---:|---:|---|'];
for (const [input, args] of cases) {
  console.error(`Tracing ${input} ${args.join(' ')}`);
  const run = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%U %S %M',
      process.execPath,
      cli,
      path.join(dir, input),
      '-o',
      path.join(dir, 'out.svg'),
      '-j',
      '1',
      '-q',
      ...args,
    ],
    { encoding: 'utf8' },
  );
  const [user, system, kb] = (run.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  const outcome =
    run.status === 0
      ? 'traced'
      : `refused: ${run.stderr
          .split('\n')[0]
          ?.replace(/^.*could not be traced \(/, '')
          .slice(0, 100)}`;
  rows.push(
    `| ${input} | ${args.join(' ') || '(defaults)'} | ${((user ?? 0) + (system ?? 0)).toFixed(1)} | ${Math.round((kb ?? 0) / 1024)} | ${outcome} |`,
  );
}
await rm(dir, { recursive: true, force: true });

const intro = `Measured on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:budget\`: each trace by the CLI in a process of its own (the whole process's CPU time and peak memory, decoding included). The budget: 60 CPU-seconds and 1 GB.`;
const file = path.join(benchDir, 'RESULTS.md');
await writeSection(file, BUDGET_SECTION, [intro, rows.join('\n')].join('\n\n'));
console.error(`Wrote the "${BUDGET_SECTION}" section of ${path.relative(process.cwd(), file)}`);
