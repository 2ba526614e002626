import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDxf } from './helpers/dxf.js';

// The built CLI, run as a user would: `npm run build` comes before the tests.
const bin = fileURLToPath(new URL('../bin/vectrace.js', import.meta.url));
let dir: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs vectrace in the scratch folder, so that inputs are named as a user would type them. */
function vectrace(...args: string[]): Promise<Run> {
  return vectraceWith({}, ...args);
}

/** Runs vectrace with more environment variables. */
function vectraceWith(env: Record<string, string>, ...args: string[]): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const options = { cwd: dir, env: { ...process.env, ...env } };
    execFile(process.execPath, [bin, ...args], options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** A white canvas with a black square (left, top, side) on it. */
function squareOn(width: number, height: number, left: number, top: number, side: number) {
  const square = { create: { width: side, height: side, channels: 3 as const, background: 'black' } };
  return sharp({ create: { width, height, channels: 3, background: 'white' } }).composite([
    { input: square, left, top },
  ]);
}

function svgFrame(svg: string) {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return {
    width: Number.parseFloat(attribute('width') ?? 'NaN'),
    height: Number.parseFloat(attribute('height') ?? 'NaN'),
    viewBox: attribute('viewBox')
      ?.trim()
      .split(/[\s,]+/)
      .map(Number),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vectrace-cli-'));
  await squareOn(64, 64, 16, 16, 32).png().toFile(join(dir, 'square.png'));
  // A red disc on transparency, as logos come.
  const logo =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="20" fill="#d02020"/></svg>';
  await writeFile(join(dir, 'logo.png'), new Resvg(logo).render().asPng());
  await squareOn(64, 64, 16, 16, 32).jpeg({ quality: 95 }).toFile(join(dir, 'photo.jpg'));
  // Stored landscape, 80x40; EXIF orientation 6 says: show it turned a quarter clockwise, 40x80.
  await squareOn(80, 40, 10, 10, 20).png().withMetadata({ orientation: 6 }).toFile(join(dir, 'portrait.png'));
  await writeFile(join(dir, 'notes.png'), 'shopping: milk, eggs\n');
  const noisy = await sharp({
    create: {
      width: 300,
      height: 300,
      channels: 3,
      background: 'gray',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  await writeFile(join(dir, 'truncated.png'), noisy.subarray(0, noisy.length >> 1));
  // 64 megapixels: a valid PNG of under 2 MB that must be refused from its header alone.
  await sharp({ create: { width: 8000, height: 8000, channels: 3, background: 'white' } })
    .png({ compressionLevel: 1 })
    .toFile(join(dir, 'big.png'));
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('one input with -o', () => {
  it('writes an SVG whose rendering shows the black square', async () => {
    const run = await vectrace('square.png', '-o', 'square.svg');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(
      /^square\.png -> square\.svg \(\d+ curves?, [\d.]+ K?B, \d+ ms; read as black-and-white art\)\n$/,
    );
    const svg = await readFile(join(dir, 'square.svg'), 'utf8');
    expect(svg).toMatch(/<path\b[^>]*\sd="M/);
    expect(svgFrame(svg)).toEqual({ width: 64, height: 64, viewBox: [0, 0, 64, 64] });
    const image = new Resvg(svg).render();
    const pixel = (x: number, y: number) => [
      ...image.pixels.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4),
    ];
    expect(pixel(32, 32)).toEqual([0, 0, 0, 255]);
    const [r, , , alpha] = pixel(4, 4);
    expect(alpha === 0 || r > 200).toBe(true);
  });

  it('picks EPS from the -o extension', async () => {
    expect(await vectrace('square.png', '-o', 'square.eps')).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(join(dir, 'square.eps'), 'latin1')).toMatch(/^%!PS-Adobe/);
  });

  it('picks PDF from the -o extension', async () => {
    expect(await vectrace('square.png', '-o', 'square.pdf')).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(join(dir, 'square.pdf'), 'latin1')).toMatch(/^%PDF-/);
  });

  it('picks DXF from --format, whatever the -o extension says', async () => {
    const run = await vectrace('square.png', '-o', 'square.cad', '--format', 'dxf');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const dxf = await readFile(join(dir, 'square.cad'), 'utf8');
    expect(dxf).toContain('LWPOLYLINE');
    expect(dxf.trimEnd()).toMatch(/\bEOF$/);
    const parsed = parseDxf(dxf);
    expect(parsed?.entities.some((entity) => entity.type === 'LWPOLYLINE')).toBe(true);
  });

  it('writes SVG when -o has no extension and no --format is given', async () => {
    expect(await vectrace('square.png', '-o', 'drawing')).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(join(dir, 'drawing'), 'utf8')).toMatch(/<svg\b/);
  });

  it('decodes a JPEG', async () => {
    expect(await vectrace('photo.jpg', '-o', 'photo.svg')).toMatchObject({ code: 0, stderr: '' });
    expect(svgFrame(await readFile(join(dir, 'photo.svg'), 'utf8')).viewBox).toEqual([0, 0, 64, 64]);
  });

  it('decodes WebP and TIFF by their first bytes, whatever the name says, and a GIF’s first frame', async () => {
    await squareOn(64, 48, 16, 8, 32).webp({ lossless: true }).toFile(join(dir, 'square.webp'));
    await squareOn(64, 48, 16, 8, 32).tiff().toFile(join(dir, 'scan.dat'));
    await squareOn(64, 48, 16, 8, 32).gif().toFile(join(dir, 'square.gif'));
    for (const input of ['square.webp', 'scan.dat', 'square.gif']) {
      const output = `${input}.svg`;
      const run = await vectrace(input, '-o', output);
      expect(run, input).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout, input).toMatch(/\(1 curve,/);
      expect(svgFrame(await readFile(join(dir, output), 'utf8')).viewBox, input).toEqual([0, 0, 64, 48]);
    }
  });

  it('turns the image upright by its EXIF orientation', async () => {
    expect(await vectrace('portrait.png', '-o', 'portrait.svg')).toMatchObject({ code: 0, stderr: '' });
    const frame = svgFrame(await readFile(join(dir, 'portrait.svg'), 'utf8'));
    expect(frame).toEqual({ width: 40, height: 80, viewBox: [0, 0, 40, 80] });
  });

  it('traces in color mode with a fixed palette', async () => {
    const run = await vectrace('photo.jpg', '-o', 'color.svg', '--mode', 'color', '--colors', '4');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(join(dir, 'color.svg'), 'utf8')).toMatch(/<path\b/);
  });

  it('traces smooth shading as one shape with a gradient with --gradients', async () => {
    // A 160 x 120 rectangle shaded from blue to orange, left to right, on white.
    const [width, height] = [200, 160];
    const pixels = Buffer.alloc(width * height * 3, 255);
    for (let y = 20; y < 140; y++) {
      for (let x = 20; x < 180; x++) {
        const t = (x - 20) / 159;
        pixels.set([30 + 220 * t, 60 + 120 * t, 200 - 180 * t].map(Math.round), (y * width + x) * 3);
      }
    }
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toFile(join(dir, 'shaded.png'));
    const run = await vectrace('shaded.png', '-o', 'shaded.svg', '--mode', 'color', '--gradients');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const svg = await readFile(join(dir, 'shaded.svg'), 'utf8');
    expect(svg).toContain('<linearGradient id="shade-1" gradientUnits="userSpaceOnUse"');
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('fill="url(#shade-1)"');
    // Without it, bands of flat color.
    await vectrace('shaded.png', '-o', 'bands.svg', '--mode', 'color');
    const bands = await readFile(join(dir, 'bands.svg'), 'utf8');
    expect(bands).not.toContain('Gradient');
    expect(bands.match(/<path /g)?.length).toBeGreaterThan(3);
  });

  it('keeps a transparent input transparent in color, and paints a background with --background', async () => {
    const corner = (svg: string) => [...new Resvg(svg).render().pixels.subarray(0, 4)];
    const traced = await vectrace('logo.png', '-o', 'logo.svg', '--mode', 'color');
    expect(traced).toMatchObject({ code: 0, stderr: '' });
    expect(corner(await readFile(join(dir, 'logo.svg'), 'utf8'))[3]).toBe(0);
    expect(await vectrace('logo.png', '-o', 'boxed.svg', '--mode', 'color', '--background')).toMatchObject({
      code: 0,
    });
    expect(corner(await readFile(join(dir, 'boxed.svg'), 'utf8'))).toEqual([255, 255, 255, 255]);
  });

  it('leaves out the background of an opaque input with --no-background', async () => {
    const corner = (svg: string) => [...new Resvg(svg).render().pixels.subarray(0, 4)];
    await vectrace('square.png', '-o', 'on-page.svg', '--mode', 'color');
    expect(corner(await readFile(join(dir, 'on-page.svg'), 'utf8'))).toEqual([255, 255, 255, 255]);
    const run = await vectrace('square.png', '-o', 'bare.pdf', '--mode', 'color', '--no-background');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(join(dir, 'bare.pdf'), 'latin1')).not.toMatch(/re\s+f\b/);
    const both = await vectrace('square.png', '-o', 'x.svg', '--background', '--no-background');
    expect(both).toMatchObject({
      code: 2,
      stderr: 'vectrace: give either --background or --no-background, not both\n',
    });
  });

  it('writes the file as asked: --draw-style, --group-by, --svg-version and --adobe-compatible', async () => {
    const asked = ['--mode', 'color', '--draw-style', 'strokeShapes', '--group-by', 'color'];
    const run = await vectrace('logo.png', '-o', 'drawn.svg', ...asked, '--svg-version', 'tiny');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const svg = await readFile(join(dir, 'drawn.svg'), 'utf8');
    expect(svg).toMatch(/baseProfile="tiny"/);
    expect(svg).toMatch(/<g id="color-[0-9a-f]{6}">/);
    expect(svg).toMatch(/<path fill="none" stroke="#/);
    await vectrace('logo.png', '-o', 'for-illustrator.svg', '--adobe-compatible');
    expect(await readFile(join(dir, 'for-illustrator.svg'), 'utf8')).toMatch(/<svg [^>]*version="1.1"/);
    const stroked = await vectrace('logo.png', '-o', 'stroked.pdf', '--draw-style', 'strokeShapes');
    expect(stroked).toMatchObject({ code: 0 });
    expect(await readFile(join(dir, 'stroked.pdf'), 'latin1')).toMatch(/\bS\b/);
    const wrong = await vectrace('logo.png', '-o', 'x.svg', '--draw-style', 'outline');
    expect(wrong).toMatchObject({
      code: 2,
      stderr: 'vectrace: --draw-style must be one of fillShapes, strokeShapes, strokeEdges (got outline)\n',
    });
  });

  it('prints nothing on success with --quiet', async () => {
    expect(await vectrace('square.png', '-o', 'quiet.svg', '--quiet')).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(existsSync(join(dir, 'quiet.svg'))).toBe(true);
  });
});

describe('a batch with --out-dir', () => {
  it('reports the bad input in one line, writes the good ones and exits 1', async () => {
    const run = await vectrace('square.png', 'notes.png', 'photo.jpg', '--out-dir', 'batch/out');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('vectrace: notes.png is not a PNG, JPEG, WebP, GIF, BMP or TIFF image\n');
    // Inputs convert on several cores at once: lines come in the order the files finish, and the
    // batch ends with one line that counts them, the failure too.
    const all = run.stdout.trimEnd().split('\n');
    expect(all.at(-1)).toMatch(/^3 images: 2 converted, 1 failed \(\d+\.\d s\)$/);
    const lines = all.slice(0, -1).sort();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^square\.png -> batch\/out\/square\.svg \(\d+ curves?, [\d.]+ K?B, \d+ ms; read as /,
    );
    expect(lines[0]).toMatch(/^photo\.jpg -> batch\/out\/photo\.svg \(/);
    expect(existsSync(join(dir, 'batch/out/square.svg'))).toBe(true);
    expect(existsSync(join(dir, 'batch/out/photo.svg'))).toBe(true);
    expect(existsSync(join(dir, 'batch/out/notes.svg'))).toBe(false);
  });

  it('exits 0 when every input converts, using the format extension', async () => {
    const run = await vectrace('square.png', 'photo.jpg', '--out-dir', 'pdfs', '--format', 'pdf', '-q');
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(join(dir, 'pdfs/square.pdf'))).toBe(true);
    expect(existsSync(join(dir, 'pdfs/photo.pdf'))).toBe(true);
  });
});

describe('an input that cannot be traced gets one line naming it', () => {
  it.each([
    ['missing.png', 'vectrace: missing.png does not exist'],
    ['notes.png', 'vectrace: notes.png is not a PNG, JPEG, WebP, GIF, BMP or TIFF image'],
    ['big.png', 'vectrace: big.png is larger than 50 megapixels'],
  ])('%s', async (input, message) => {
    const run = await vectrace(input, '-o', 'never.svg');
    expect(run).toMatchObject({ code: 1, stdout: '', stderr: `${message}\n` });
    expect(existsSync(join(dir, 'never.svg'))).toBe(false);
  });

  it('a truncated PNG, with the decoder’s reason', async () => {
    const run = await vectrace('truncated.png', '-o', 'never.svg');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^vectrace: truncated\.png could not be decoded \(.+\)\n$/);
  });

  it('a 64-megapixel PNG is refused before it is decoded', async () => {
    const run = await vectrace('big.png', '-o', 'never.svg');
    expect(run.code).toBe(1);
    // Decoding 64 MP would take seconds and 256 MB; the header check takes a process start.
    expect(run.ms).toBeLessThan(3000);
  });
});

describe('usage errors exit 2 with one line', () => {
  it('refuses --threshold 200 and names the range', async () => {
    const run = await vectrace('square.png', '-o', 'never.svg', '--threshold', '200');
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe('vectrace: --threshold must be a number from 0 to 100 (got 200)\n');
    expect(existsSync(join(dir, 'never.svg'))).toBe(false);
  });

  it.each([
    [['square.png', '-o', 'x.svg', '--format', 'gif'], 'svg, eps, pdf, dxf, png'],
    [['square.png', '-o', 'x.png', '--width', '50', '--unit', 'mm'], 'in pixels'],
    [['square.png', '-o', 'x.svg', '--quality', 'best'], 'draft, standard, high, ultra'],
    [['square.png', '-o', 'x.svg', '--corner-detection', 'soft'], 'auto, sharp, rounded, none'],
    [['square.png', '-o', 'x.svg', '--mode', 'gray'], 'bw, color, pixel, centerline'],
    [['square.png', '-o', 'x.svg', '--palette', '#000,red'], '#rrggbb'],
    [['square.png', '-o', 'x.svg', '--cut-contour', '2cm'], 'as 2mm, 0.1in or 8px'],
    [['square.png', '-o', 'x.svg', '--cut-contour', '60mm'], 'from 0 to 50 mm'],
    [['square.png', '-o', 'x.svg', '--layering', 'layered'], 'stacked, cutout'],
    [['square.png', '-o', 'x.svg', '--stroke-width', '0'], '1 to 100, or auto'],
    [['square.png', '-o', 'x.svg', '--trace', 'mask'], 'image, alpha'],
    [['square.png', '-o', 'x.svg', '--colors', '129'], '2 to 128, or auto'],
    [['square.png', '-o', 'x.svg', '--smoothness', 'lots'], '0 to 100'],
    [['square.png', 'photo.jpg', '-o', 'x.svg'], '--out-dir'],
    [['square.png'], '-o OUTPUT'],
    [['square.png', '-o', 'x.gif'], '--format'],
    [['square.png', '-o', 'x.svg', '--colour', '4'], 'unknown option --colour'],
    [[], 'no input'],
  ])('vectrace %j', async (args, hint) => {
    const run = await vectrace(...args);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/^vectrace: [^\n]+\n$/);
    expect(run.stderr).toContain(hint);
    expect(existsSync(join(dir, 'x.svg'))).toBe(false);
    expect(existsSync(join(dir, 'x.png'))).toBe(false);
  });
});

describe('help and version', () => {
  it('--help prints the usage and exits 0', async () => {
    const run = await vectrace('--help');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Usage: vectrace INPUT\.\.\. \(-o OUTPUT \| --out-dir DIR\)/);
    for (const flag of [
      '--format',
      '--mode',
      '--colors',
      '--threshold',
      '--smoothness',
      '--quality',
      '--invert',
      '--quiet',
    ]) {
      expect(run.stdout).toContain(flag);
    }
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(await vectrace('--version')).toMatchObject({ code: 0, stdout: `vectrace ${pkg.version}\n` });
  });
});

/** Runs vectrace with bytes on its standard input; standard output comes back as bytes. */
function vectraceWithInput(
  input: Uint8Array,
  ...args: string[]
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: dir });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out), stderr }));
    child.stdin.end(input);
  });
}

describe('standard input and output', () => {
  it('reads the image from - and writes a binary PDF to -o -, byte for byte', async () => {
    const png = await readFile(join(dir, 'square.png'));
    const run = await vectraceWithInput(png, '-', '-o', '-', '--format', 'pdf');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    // The binary marker line survives: nothing was re-encoded on the way out.
    expect(run.stdout.subarray(10, 14)).toEqual(Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]));
    expect(run.stdout.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    // The report goes to standard error, leaving standard output to the file.
    expect(run.stderr).toMatch(/^standard input -> standard output \(1 curve/);
  });

  it('says so when standard input is empty', async () => {
    const run = await vectraceWithInput(new Uint8Array(), '-', '-o', '-');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('vectrace: standard input is empty: pipe an image into it\n');
  });
});

describe('batches, sizes and precision', () => {
  it('converts several inputs on several cores with --jobs, a line per file when not on a terminal', async () => {
    const run = await vectrace('square.png', 'logo.png', 'photo.jpg', '--out-dir', 'jobs', '--jobs', '3');
    expect(run.code, run.stderr).toBe(0);
    const all = run.stdout.trimEnd().split('\n');
    expect(all.at(-1)).toMatch(/^3 images: 3 converted, 0 failed \(\d+\.\d s\)$/);
    const lines = all.slice(0, -1).sort();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^logo\.png -> jobs\/logo\.svg \(1 curve, /);
    for (const name of ['square', 'logo', 'photo'])
      expect(existsSync(join(dir, 'jobs', `${name}.svg`))).toBe(true);
  });

  it('keeps going with --jobs when one input fails, and reports it', async () => {
    const run = await vectrace('square.png', 'notes.png', '--out-dir', 'jobs2', '--jobs', '2');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('vectrace: notes.png is not a PNG, JPEG, WebP, GIF, BMP or TIFF image\n');
    expect(existsSync(join(dir, 'jobs2', 'square.svg'))).toBe(true);
  });

  it('decodes on the main thread only: no worker thread loads sharp', async () => {
    // decode.ts shuts every sharp loader and opens ours again when imported, for the whole
    // process: a worker thread importing it while another decodes made a valid PNG fail as
    // "unsupported image format". A preload, run in every thread, reports where sharp is loaded.
    const probe = join(dir, 'sharp-probe.mjs');
    await writeFile(
      probe,
      `import { registerHooks } from 'node:module';
import { isMainThread } from 'node:worker_threads';
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'sharp') process.stderr.write(isMainThread ? '' : 'sharp in a worker thread\\n');
    return next(specifier, context);
  },
});
`,
    );
    const options = { NODE_OPTIONS: `--import=${pathToFileURL(probe).href}` };
    const run = await vectraceWith(options, 'square.png', 'logo.png', '--out-dir', 'probed', '--jobs', '2');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('2 images: 2 converted, 0 failed');
  });

  it('fails the input of a worker that stops, converts the rest with a new one, and ends', async () => {
    const inputs = ['square.png', 'logo.png', 'photo.jpg', 'portrait.png'];
    const run = await vectraceWith(
      { VECTRACE_TEST_WORKER_EXIT: 'logo.png' },
      ...inputs,
      '--out-dir',
      'stopped',
      '--jobs',
      '2',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('vectrace: logo.png failed: the converter stopped unexpectedly (exit code 3)\n');
    for (const name of ['square', 'photo', 'portrait'])
      expect(existsSync(join(dir, 'stopped', `${name}.svg`)), name).toBe(true);
    expect(existsSync(join(dir, 'stopped', 'logo.svg'))).toBe(false);
  });

  it('shows one progress line with the count and the time left on a terminal', async () => {
    // `script` gives the command a terminal, as a person's shell would.
    const command = `${process.execPath} ${bin} square.png logo.png photo.jpg --out-dir bar --jobs 2`;
    const run = await new Promise<string>((resolve) =>
      execFile('script', ['-qc', command, '/dev/null'], { cwd: dir }, (_error, stdout) => resolve(stdout)),
    );
    expect(run).toContain('\r\x1b[2K[');
    expect(run).toContain('1/3 33%, about');
    expect(run).toMatch(/3\/3 100%\r?\n3 images: 3 converted, 0 failed \(\d+\.\d s\)\r?\n/);
    expect(run).not.toContain('-> bar/');
  });

  it('writes the asked width and unit: an SVG in mm, a DXF in inches', async () => {
    const svg = await vectrace('square.png', '-o', 'sized.svg', '--width', '80', '--unit', 'mm');
    expect(svg.code, svg.stderr).toBe(0);
    expect(await readFile(join(dir, 'sized.svg'), 'utf8')).toContain('width="80mm" height="80mm"');
    expect((await vectrace('square.png', '-o', 'sized.dxf', '--width', '2', '--unit', 'in')).code).toBe(0);
    const dxf = parseDxf(await readFile(join(dir, 'sized.dxf'), 'utf8'));
    expect(dxf.header.$INSUNITS).toBe(1);
    const bad = await vectrace('square.png', '-o', 'x.svg', '--unit', 'mm');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('vectrace: --unit is the unit of --width: give --width too\n');
    const narrow = await vectrace('square.png', '-o', 'x.pdf', '--width', '0.5', '--unit', 'mm');
    expect(narrow.code).toBe(2);
    expect(narrow.stderr).toBe('vectrace: --width must be at least 1 mm (got 0.5)\n');
  });

  it('writes coordinates with the asked number of decimals', async () => {
    await vectrace('logo.png', '-o', 'p0.svg', '--precision', '0');
    await vectrace('logo.png', '-o', 'p4.svg', '--precision', '4');
    const d0 = /d="([^"]+)"/.exec(await readFile(join(dir, 'p0.svg'), 'utf8'))?.[1] ?? '';
    const d4 = /d="([^"]+)"/.exec(await readFile(join(dir, 'p4.svg'), 'utf8'))?.[1] ?? '';
    expect(d0).not.toContain('.');
    expect(d4).toMatch(/\.\d{3,4}/);
    const bad = await vectrace('logo.png', '-o', 'x.svg', '--precision', '12');
    expect(bad.stderr).toBe('vectrace: --precision must be a whole number from 0 to 8 (got 12)\n');
  });
});

describe("makers' options", () => {
  it('adds a cut contour named cut around a sticker, in SVG and as a DXF layer in millimetres', async () => {
    const svg = await vectrace('logo.png', '-o', 'makers/logo.svg', '--cut-contour', '2mm');
    expect(svg.code).toBe(0);
    expect(await readFile(join(dir, 'makers/logo.svg'), 'utf8')).toContain('<path id="cut" fill="none"');
    const run = await vectrace(
      'logo.png',
      '-o',
      'makers/logo.dxf',
      '--cut-contour',
      '2mm',
      '--width',
      '64',
      '--unit',
      'mm',
    );
    expect(run.code).toBe(0);
    const dxf = parseDxf(await readFile(join(dir, 'makers/logo.dxf'), 'utf8'));
    expect(Object.keys(dxf?.tables.layer.layers ?? {})).toContain('cut');
    // At 1 mm per pixel, the disc of radius 20 px gets a cut line 2 mm at 96 px to the inch outside it.
    const cut = (dxf?.entities ?? []).find((e) => e.layer === 'cut') as unknown as {
      vertices: { x: number }[];
    };
    const xs = cut.vertices.map((v) => v.x);
    expect(Math.abs(Math.max(...xs) - Math.min(...xs) - 2 * (20 + (2 * 96) / 25.4))).toBeLessThan(2);
  });

  it('traces the silhouette with --trace alpha, and gives colors of a palette only', async () => {
    const alpha = await vectrace('logo.png', '-o', 'makers/alpha.svg', '--trace', 'alpha');
    expect(alpha.stdout).toContain('traced as the silhouette of its opaque pixels');
    expect(await readFile(join(dir, 'makers/alpha.svg'), 'utf8')).toContain('fill="#000"');
    const line =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#fff"/><path d="M8 32H56" stroke="#000" stroke-width="4"/></svg>';
    await writeFile(join(dir, 'line.png'), new Resvg(line).render().asPng());
    const strokes = await vectrace(
      'line.png',
      '-o',
      'makers/centerline.svg',
      '--mode',
      'centerline',
      '--stroke-width',
      '3',
    );
    expect(strokes.stdout).toContain('traced along the middle of each stroke');
    expect(await readFile(join(dir, 'makers/centerline.svg'), 'utf8')).toMatch(
      /fill="none" stroke="#000" stroke-width="3"[^>]*d="M10 32h44"/, // round ends reach the line's ends
    );
    const opaque = await vectrace('square.png', '-o', 'makers/none.svg', '--trace', 'alpha');
    expect(opaque.code).toBe(1);
    expect(opaque.stderr).toContain('needs an image with transparent pixels');
    await vectrace('logo.png', '-o', 'makers/palette.svg', '--mode', 'color', '--palette', '#0000ff,#00ff00');
    const fills = [
      ...(await readFile(join(dir, 'makers/palette.svg'), 'utf8')).matchAll(/fill="(#[0-9a-f]+)"/g),
    ];
    expect(fills.length).toBeGreaterThan(0);
    for (const [, fill] of fills) expect(['#00f', '#0f0']).toContain(fill);
  });

  it('traces white lines on black as one stroke along each line with --invert', async () => {
    const line =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#000"/><path d="M8 32H56" stroke="#fff" stroke-width="4"/></svg>';
    await writeFile(join(dir, 'white-line.png'), new Resvg(line).render().asPng());
    const paths = async (...flags: string[]) => {
      const run = await vectrace(
        'white-line.png',
        '-o',
        'makers/white.svg',
        '--mode',
        'centerline',
        ...flags,
      );
      expect(run.code).toBe(0);
      return [...(await readFile(join(dir, 'makers/white.svg'), 'utf8')).matchAll(/<path [^>]*>/g)].map(
        ([path]) => path,
      );
    };
    const inverted = await paths('--invert', '--stroke-width', '3');
    expect(inverted).toHaveLength(1);
    expect(inverted[0]).toMatch(/fill="none" stroke="#000" stroke-width="3"[^>]*d="M10 32h44"/);
    // Without it the black around the line is the ink: its middle wanders over the ground.
    const ground = await paths('--stroke-width', '3');
    expect(ground.some((path) => path.includes('d="M10 32h44"'))).toBe(false);
  });
});

describe('the reading', () => {
  it('says how the automatic mode read each input, and when nothing was traced', async () => {
    const logo = await vectrace('logo.png', '-o', 'read/logo.svg');
    expect(logo.stdout).toMatch(/; read as a color image, 1 color\)\n$/);
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toFile(join(dir, 'blank.png'));
    const page = await vectrace('square.png', '-o', 'read/page.svg', '--read', 'page');
    expect(page.stdout).toMatch(/; read as a page, in black and white\)\n$/);
    const wrong = await vectrace('square.png', '-o', 'read/wrong.svg', '--read', 'poster');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--read must be one of');
    const blank = await vectrace('blank.png', '-o', 'read/blank.svg', '--mode', 'bw');
    expect(blank.code).toBe(0);
    expect(blank.stdout).toContain('(0 curves, ');
    expect(blank.stdout).toContain('nothing was traced: try another --mode, or a lower --threshold');
  });
});

describe('PNG output', () => {
  /** The PNG's size, and its pixel at (x, y) as RGBA. */
  async function pngOf(name: string) {
    const bytes = await readFile(join(dir, name));
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
    ];
    return { format: (await sharp(bytes).metadata()).format, width: info.width, height: info.height, pixel };
  }

  it('draws the art --width pixels wide: the black square black, the white around it not ink', async () => {
    const run = await vectrace('square.png', '-o', 'square-256.png', '--width', '256');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^square\.png -> square-256\.png \(\d+ curves?, [\d.]+ K?B, \d+ ms; /);
    const png = await pngOf('square-256.png');
    expect(png).toMatchObject({ format: 'png', width: 256, height: 256 });
    // The square covers 16 to 48 of 64 pixels: 64 to 192 of 256.
    expect(png.pixel(128, 128)).toEqual([0, 0, 0, 255]);
    expect(png.pixel(70, 70)).toEqual([0, 0, 0, 255]);
    for (const [x, y] of [
      [8, 8],
      [128, 30],
      [240, 128],
    ]) {
      const [r, , , alpha] = png.pixel(x, y);
      expect(alpha === 0 || r > 200, `${x},${y}`).toBe(true);
    }
  });

  it('is the image’s width without --width, chosen by --format png too, with its background painted', async () => {
    const run = await vectrace(
      'logo.png',
      '-o',
      'drawn',
      '--format',
      'png',
      '--mode',
      'color',
      '--background',
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const png = await pngOf('drawn');
    expect(png).toMatchObject({ format: 'png', width: 64, height: 64 });
    const [r, g, b, alpha] = png.pixel(32, 32);
    expect(alpha).toBe(255);
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(120);
    // --background paints the transparent corners (white, the traced background of a logo).
    expect(png.pixel(2, 2)[3]).toBe(255);
  });

  it('draws a batch on several cores, never over one of its inputs', async () => {
    const [square, portrait] = await Promise.all(
      ['square.png', 'portrait.png'].map((f) => readFile(join(dir, f))),
    );
    const run = await vectrace(
      'square.png',
      'photo.jpg',
      'portrait.png',
      '--out-dir',
      '.',
      '--format',
      'png',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'vectrace: square.png would be overwritten by its own output: write to another name or folder\n' +
        'vectrace: portrait.png would be overwritten by its own output: write to another name or folder\n',
    );
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^3 images: 1 converted, 2 failed /);
    expect(await pngOf('photo.png')).toMatchObject({ format: 'png', width: 64, height: 64 });
    expect((await pngOf('photo.png')).pixel(32, 32)).toEqual([0, 0, 0, 255]);
    // The inputs are as they were.
    expect(await readFile(join(dir, 'square.png'))).toEqual(square);
    expect(await readFile(join(dir, 'portrait.png'))).toEqual(portrait);
  });

  it('refuses a PNG past 100 megapixels before drawing it', async () => {
    const run = await vectrace('square.png', '-o', 'huge.png', '--width', '20000');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'vectrace: square.png would be a PNG of 20000 x 20000 pixels, more than 100 megapixels: give a smaller --width\n',
    );
    expect(existsSync(join(dir, 'huge.png'))).toBe(false);
  });
});

describe('the examples of --help', () => {
  it('are five, and each runs as written in a shell, given its input files', async () => {
    const help = (await vectrace('--help')).stdout;
    const examples = help
      .slice(help.indexOf('\nExamples:\n'))
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => line.trim());
    expect(examples).toHaveLength(5);
    // A folder with the files the examples name, and `vectrace` on the PATH as npm puts it there.
    const work = await mkdtemp(join(tmpdir(), 'vectrace-examples-'));
    try {
      await mkdir(join(work, 'bin'));
      await writeFile(join(work, 'bin/vectrace'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
      await chmod(join(work, 'bin/vectrace'), 0o755);
      for (const name of ['logo.png', 'scan.jpg', 'photo.jpg', 'sticker.png']) {
        await writeFile(
          join(work, name),
          await readFile(join(dir, name.endsWith('.jpg') ? 'photo.jpg' : 'logo.png')),
        );
      }
      for (const example of examples) {
        const ran = await new Promise<{ code: number; stderr: string }>((resolve) =>
          execFile(
            'sh',
            ['-c', example],
            { cwd: work, env: { ...process.env, PATH: `${join(work, 'bin')}:${process.env.PATH}` } },
            (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
          ),
        );
        expect(ran, example).toEqual({ code: 0, stderr: '' });
        // Each writes what it names: -o FILE, or --out-dir DIR.
        const target = /(?:-o|--out-dir) (\S+)/.exec(example)?.[1];
        expect(target && existsSync(join(work, target)), example).toBe(true);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
