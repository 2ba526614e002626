import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Resvg } from '@resvg/resvg-js';
import dxfParserModule from 'dxf-parser';
import { expect } from 'vitest';

const run = promisify(execFile);
// The package's CommonJS build exports the parser class itself; its typings declare an ES default.
const DxfParser = ((dxfParserModule as { default?: unknown }).default ??
  dxfParserModule) as typeof dxfParserModule.default;

/** The Debian package of each reader the tests draw files with (CI installs them). */
const debianPackage: Record<string, string> = { gs: 'ghostscript', pdftoppm: 'poppler-utils' };

/** Runs a reader, saying which package to install when the machine does not have it. */
async function runReader(program: string, args: string[]): Promise<void> {
  try {
    await run(program, args, { timeout: 60_000 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw new Error(`${program} is not installed: apt-get install ${debianPackage[program] ?? program}`);
  }
}

/** Draws a file with a real reader and returns the PNG it drew: what a person would see. */
async function drawWith(
  extension: string,
  bytes: Uint8Array,
  command: (input: string, output: string) => [string, string[]],
) {
  const dir = await mkdtemp(join(tmpdir(), 'vectrace-format-'));
  try {
    const input = join(dir, `file.${extension}`);
    await writeFile(input, bytes);
    const [program, args] = command(input, join(dir, 'page'));
    await runReader(program, args);
    return await readFile(join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PNG pdftoppm draws of a PDF's page at `dpi`. */
export function drawPdf(bytes: Uint8Array, dpi: number): Promise<Buffer> {
  return drawWith('pdf', bytes, (input, output) => [
    'pdftoppm',
    ['-png', '-r', String(dpi), '-singlefile', input, output],
  ]);
}

/** The PNG Ghostscript draws of an EPS, cropped to its bounding box, at `dpi`. */
export function drawEps(bytes: Uint8Array, dpi: number): Promise<Buffer> {
  return drawWith('eps', bytes, (input, output) => [
    'gs',
    [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-dSAFER',
      '-dEPSCrop',
      '-sDEVICE=png16m',
      `-r${dpi}`,
      `-sOutputFile=${output}.png`,
      input,
    ],
  ]);
}

/** A valid SVG: resvg draws it at its size. */
export function expectSvg(bytes: Uint8Array): void {
  const text = Buffer.from(bytes).toString('utf8');
  expect(text.startsWith('<svg')).toBe(true);
  expect(new Resvg(text).render().width).toBeGreaterThan(0);
}

/** A valid PDF: pdftoppm draws its page. */
export async function expectPdf(bytes: Uint8Array): Promise<void> {
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  expect((await drawPdf(bytes, 18)).length).toBeGreaterThan(0);
}

/** A valid EPS: Ghostscript draws it. */
export async function expectEps(bytes: Uint8Array): Promise<void> {
  expect(Buffer.from(bytes.subarray(0, 4)).toString()).toBe('%!PS');
  expect((await drawEps(bytes, 18)).length).toBeGreaterThan(0);
}

/** A valid DXF: it parses, every polyline is closed; returns its extents and its unit code. */
export function readDxf(bytes: Uint8Array): { width: number; height: number; insunits: number | undefined } {
  const text = Buffer.from(bytes).toString('utf8');
  const parsed = new DxfParser().parseSync(text);
  if (!parsed) throw new Error('dxf-parser returned nothing');
  const polylines = parsed.entities.filter((e) => e.type === 'LWPOLYLINE' || e.type === 'POLYLINE');
  expect(polylines.length).toBeGreaterThan(0);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const entity of polylines) {
    const line = entity as unknown as {
      shape?: boolean;
      closed?: boolean;
      vertices: { x: number; y: number }[];
    };
    expect(line.shape ?? line.closed).toBe(true);
    for (const v of line.vertices) {
      xs.push(v.x);
      ys.push(v.y);
    }
  }
  const insunits = (parsed.header as Record<string, unknown>).$INSUNITS;
  return {
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
    insunits: typeof insunits === 'number' ? insunits : undefined,
  };
}

/** Checks a file of any download format as its reader would. */
export async function expectValid(format: string, bytes: Uint8Array): Promise<void> {
  if (format === 'svg') expectSvg(bytes);
  else if (format === 'pdf') await expectPdf(bytes);
  else if (format === 'eps') await expectEps(bytes);
  else if (format === 'dxf') readDxf(bytes);
  else throw new Error(`no check for ${format}`);
}
