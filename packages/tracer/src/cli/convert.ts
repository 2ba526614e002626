import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  describeReading,
  drawnAs,
  type ExportFormat,
  type ExportOptions,
  formats,
  imageTypeWords,
  MAX_PIXELS,
  type RasterImage,
  TraceError,
  type TraceSettings,
  trace,
  type VectorImage,
  withBackground,
} from '../index.js';

/** What the command writes: a vector format, or PNG drawn from the vectors. */
export type OutputFormat = ExportFormat | 'png';

/** How every input of one run is converted: plain data, so that it can go to a worker thread. */
export interface Recipe {
  format: OutputFormat;
  settings: Partial<TraceSettings>;
  /** Paint a background (true), leave it transparent (false), or as traced (undefined). */
  background?: boolean;
  exportOptions: ExportOptions;
}

/** One input that could not be converted: its line for stderr, the others carry on. */
export class InputFailure extends Error {}

/** What one conversion made: the file's bytes when it goes to standard output, and its report. */
export interface Converted {
  line: string;
  bytes?: Uint8Array;
}

/** `-`: standard input as an input, standard output as the output. */
export const STDIO = '-';

/** sharp, an optional peer dependency, is missing: nothing can be decoded. */
export class MissingDecoderError extends Error {
  constructor() {
    super(
      'reading PNG, JPEG, WebP, GIF and TIFF images needs sharp, which is not installed: npm install sharp',
    );
  }
}

/** resvg, an optional peer dependency, is missing: no PNG can be drawn. */
export class MissingPngDrawerError extends Error {
  constructor() {
    super('writing PNG needs @resvg/resvg-js, which is not installed: npm install @resvg/resvg-js');
  }
}

/** The most pixels a PNG may hold (400 MB as RGBA while it is drawn). */
export const MAX_PNG_PIXELS = 100_000_000;

let decoder: Promise<typeof import('../decode.js')> | undefined;
let pngDrawer: Promise<typeof import('../png.js')> | undefined;

/**
 * The decoder, loaded when first needed: sharp is needed only to decode, so --help, --version and
 * the checks of a command line work without it.
 */
export function loadDecoder(): Promise<typeof import('../decode.js')> {
  decoder ??= import('../decode.js').catch((err) => {
    if (errorCode(err) === 'ERR_MODULE_NOT_FOUND' && /'sharp'/.test(firstLine(err))) {
      throw new MissingDecoderError();
    }
    throw err;
  });
  return decoder;
}

/** The PNG drawer (the server's own), loaded when a run writes PNG. */
export function loadPngDrawer(): Promise<typeof import('../png.js')> {
  pngDrawer ??= import('../png.js').catch((err) => {
    if (errorCode(err) === 'ERR_MODULE_NOT_FOUND' && /'@resvg\/resvg-js'/.test(firstLine(err))) {
      throw new MissingPngDrawerError();
    }
    throw err;
  });
  return pngDrawer;
}

/** Reads, decodes, traces, exports and writes one input (or hands the bytes back for `-o -`). */
export async function convert(
  input: string,
  output: string,
  recipe: Recipe,
  stdin?: Uint8Array,
): Promise<Converted> {
  return traceImage(await decodeInput({ input, output, recipe }, stdin));
}

/**
 * Reads and decodes one input, to be traced. Only the main thread decodes: decode.ts restricts
 * sharp's loaders for the whole process when it is imported, and the same import in a worker
 * thread would shut them all for a moment while another thread decodes (a valid PNG then fails
 * as "unsupported image format"). sharp also asks, on glibc, to be loaded by the main thread.
 */
export async function decodeInput(
  task: { input: string; output: string; recipe: Recipe },
  stdin?: Uint8Array,
): Promise<Decoded> {
  const started = performance.now();
  const name = nameOf(task.input);
  const bytes = stdin ?? (await readInput(task.input));
  try {
    const { decodeImage } = await loadDecoder();
    const image = await decodeImage(bytes);
    return { ...task, image, decodeMs: performance.now() - started };
  } catch (err) {
    if (!(err instanceof TraceError)) throw err;
    if (err.code === 'unsupported-type') throw new InputFailure(`${name} is not a ${imageTypeWords} image`);
    if (err.code === 'too-large') {
      throw new InputFailure(`${name} is larger than ${MAX_PIXELS / 1e6} megapixels`);
    }
    throw new InputFailure(`${name} could not be decoded (${err.reason})`);
  }
}

/** One decoded input to trace: plain data, so that it can go to a worker thread. */
export interface Decoded {
  image: RasterImage;
  input: string;
  output: string;
  recipe: Recipe;
  /** How long reading and decoding took, for the report's time. */
  decodeMs: number;
}

/** Traces, exports and writes one decoded input (or hands the bytes back for `-o -`). */
export async function traceImage({ image, input, output, recipe, decodeMs }: Decoded): Promise<Converted> {
  const started = performance.now() - decodeMs;
  const name = nameOf(input);
  let data: Uint8Array;
  let curves: number;
  let reading = '';
  try {
    const traced = trace(image, recipe.settings);
    const model = recipe.background === undefined ? traced : withBackground(traced, recipe.background);
    curves = model.vectorCount;
    reading = lowerFirst(describeReading(traced));
    // How the file is written is asked with the settings: the command line's flags are its rows.
    const { drawStyle, groupBy, svgVersion, adobeCompatible } = recipe.settings;
    const options = { ...recipe.exportOptions, drawStyle, groupBy, svgVersion, adobeCompatible };
    if (recipe.format === 'png') {
      data = await drawPng(name, drawStyle ? drawnAs(model, drawStyle) : model, options.size?.width);
    } else {
      const format = formats.find((f) => f.name === recipe.format) ?? formats[0];
      const written = format.write(model, options);
      data = typeof written === 'string' ? new TextEncoder().encode(written) : written;
    }
  } catch (err) {
    if (err instanceof InputFailure) throw err;
    throw new InputFailure(`${name} could not be traced (${firstLine(err)})`);
  }
  const ms = Math.round(performance.now() - started);
  const to = output === STDIO ? 'standard output' : output;
  const found =
    curves === 0
      ? '; nothing was traced: try another --mode, or a lower --threshold'
      : reading
        ? `; ${reading}`
        : '';
  const line = `${name} -> ${to} (${curves} ${curves === 1 ? 'curve' : 'curves'}, ${formatSize(data.length)}, ${ms} ms${found})`;
  if (output === STDIO) return { line, bytes: data };
  try {
    await mkdir(dirname(output), { recursive: true });
    await writeFile(output, data);
  } catch (err) {
    throw new InputFailure(`${name} could not be written to ${output} (${describeFsError(err)})`);
  }
  return { line };
}

function nameOf(input: string): string {
  return input === STDIO ? 'standard input' : input;
}

/** The model as a PNG `width` pixels wide (the image's own width by default), within MAX_PNG_PIXELS. */
async function drawPng(name: string, model: VectorImage, width = model.width): Promise<Uint8Array> {
  const margin = model.margin ?? 0;
  const wide = Math.round((width * (model.width + 2 * margin)) / model.width);
  const high = Math.round((width * (model.height + 2 * margin)) / model.width);
  if (wide * high > MAX_PNG_PIXELS) {
    throw new InputFailure(
      `${name} would be a PNG of ${wide} x ${high} pixels, more than ${MAX_PNG_PIXELS / 1e6} megapixels: give a smaller --width`,
    );
  }
  const { drawPng } = await loadPngDrawer();
  return drawPng(model, width);
}

async function readInput(input: string): Promise<Uint8Array> {
  try {
    return await readFile(input);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT') throw new InputFailure(`${input} does not exist`);
    if (code === 'EISDIR') throw new InputFailure(`${input} is a directory, not an image`);
    throw new InputFailure(`${input} could not be read (${describeFsError(err)})`);
  }
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function describeFsError(err: unknown): string {
  const code = errorCode(err);
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOSPC') return 'no space left on the disk';
  if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  return code ?? firstLine(err);
}

export function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0].trim();
}

/** "Read as a page" as it reads inside a sentence: "read as a page". */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
