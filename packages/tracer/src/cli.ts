import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { decodeImage } from './decode.js';
import {
  cornerDetections,
  defaultSettings,
  type Exporter,
  formats,
  MAX_PIXELS,
  qualities,
  type RasterImage,
  TraceError,
  type TraceSettings,
  trace,
  traceModes,
  withBackground,
} from './index.js';

/** What one run was asked to do, with every value already checked. */
interface Job {
  /** Each input as the user typed it, and the file it becomes. */
  conversions: { input: string; output: string }[];
  format: Exporter;
  settings: Partial<TraceSettings>;
  /** Paint a background (true), leave it transparent (false), or as traced (undefined). */
  background?: boolean;
  quiet: boolean;
}

/** A mistake in the command line: reported as one line, exit code 2. */
class UsageError extends Error {}

/** One input that could not be converted: its line for stderr, the others carry on. */
class InputFailure extends Error {}

const options = {
  output: { type: 'string', short: 'o' },
  'out-dir': { type: 'string' },
  format: { type: 'string' },
  mode: { type: 'string' },
  colors: { type: 'string' },
  threshold: { type: 'string' },
  smoothness: { type: 'string' },
  'corner-detection': { type: 'string' },
  quality: { type: 'string' },
  background: { type: 'boolean' },
  'no-background': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

const usage = `Usage: vectrace INPUT... (-o OUTPUT | --out-dir DIR) [options]

Traces PNG and JPEG images into vector graphics.

  -o, --output FILE           write to FILE (a single input only)
      --out-dir DIR           write DIR/<input name>.<ext> for each input, creating DIR
      --format FORMAT         ${formats.map((f) => f.name).join(', ')} (default: from the -o extension, else svg)
      --mode MODE             ${traceModes.join(' or ')}: outlines or color layers (default ${defaultSettings.mode})
      --colors N              color mode palette size, 2 to 32, or auto (default ${defaultSettings.colors})
      --threshold N           0 to 100; lower keeps fainter strokes (default ${defaultSettings.threshold})
      --smoothness N          0 to 100; higher smooths jagged edges into curves (default ${defaultSettings.smoothness})
      --corner-detection C    ${cornerDetections.join(', ')} (default ${defaultSettings.cornerDetection})
      --quality Q             ${qualities.join(', ')} (default ${defaultSettings.quality})
      --background            paint a background: the traced one, or white (default: only when
                              the input is opaque; transparent pixels stay transparent)
      --no-background         leave the background transparent, even for an opaque input
  -q, --quiet                 print nothing on success
  -h, --help                  show this help
      --version               show the version

Exit status: 0 when every input was converted, 1 when any failed, 2 for a usage error.
`;

/** Runs the command line and returns the process exit code. */
async function main(args: string[]): Promise<number> {
  let job: Job | 'help' | 'version';
  try {
    job = readCommandLine(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`vectrace: ${err.message}\n`);
    return 2;
  }
  if (job === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  if (job === 'version') {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`vectrace ${pkg.version}\n`);
    return 0;
  }
  let failed = false;
  const claimed = new Map<string, string>();
  // One at a time: a 50-megapixel input is 200 MB of RGBA before the engine's own buffers.
  for (const { input, output } of job.conversions) {
    try {
      const earlier = claimed.get(resolve(output));
      if (earlier !== undefined) {
        throw new InputFailure(`${input} would overwrite ${output}, written for ${earlier}`);
      }
      claimed.set(resolve(output), input);
      const line = await convert(input, output, job);
      if (!job.quiet) process.stdout.write(`${line}\n`);
    } catch (err) {
      failed = true;
      const message = err instanceof InputFailure ? err.message : `${input} failed (${firstLine(err)})`;
      process.stderr.write(`vectrace: ${message}\n`);
    }
  }
  return failed ? 1 : 0;
}

/** Reads, decodes, traces, exports and writes one input; returns its report line. */
async function convert(input: string, output: string, job: Job): Promise<string> {
  const { format, settings } = job;
  const started = performance.now();
  let bytes: Uint8Array;
  try {
    bytes = await readFile(input);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT') throw new InputFailure(`${input} does not exist`);
    if (code === 'EISDIR') throw new InputFailure(`${input} is a directory, not an image`);
    throw new InputFailure(`${input} could not be read (${describeFsError(err)})`);
  }
  let image: RasterImage;
  try {
    image = await decodeImage(bytes);
  } catch (err) {
    if (!(err instanceof TraceError)) throw err;
    if (err.code === 'unsupported-type') throw new InputFailure(`${input} is not a PNG or JPEG image`);
    if (err.code === 'too-large') {
      throw new InputFailure(`${input} is larger than ${MAX_PIXELS / 1e6} megapixels`);
    }
    throw new InputFailure(`${input} could not be decoded (${err.reason})`);
  }
  let data: Uint8Array;
  let curves: number;
  try {
    const traced = trace(image, settings);
    const model = job.background === undefined ? traced : withBackground(traced, job.background);
    curves = model.vectorCount;
    const written = format.write(model);
    data = typeof written === 'string' ? new TextEncoder().encode(written) : written;
  } catch (err) {
    throw new InputFailure(`${input} could not be traced (${firstLine(err)})`);
  }
  try {
    await mkdir(dirname(output), { recursive: true });
    await writeFile(output, data);
  } catch (err) {
    throw new InputFailure(`${input} could not be written to ${output} (${describeFsError(err)})`);
  }
  const ms = Math.round(performance.now() - started);
  return `${input} -> ${output} (${curves} ${curves === 1 ? 'curve' : 'curves'}, ${formatSize(data.length)}, ${ms} ms)`;
}

function readCommandLine(args: string[]): Job | 'help' | 'version' {
  const { values, positionals: inputs } = parseCommandLine(args);
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (inputs.length === 0) throw new UsageError('no input images given (see vectrace --help)');
  const { output, 'out-dir': outDir } = values;
  if (output !== undefined && outDir !== undefined) {
    throw new UsageError('give either -o OUTPUT or --out-dir DIR, not both');
  }
  if (output === undefined && outDir === undefined) {
    throw new UsageError('say where to write: -o OUTPUT for one input, or --out-dir DIR');
  }
  if (output !== undefined && inputs.length > 1) {
    throw new UsageError(`-o takes a single input, but ${inputs.length} were given; use --out-dir DIR`);
  }
  const format = pickFormat(values.format, output);
  const conversions = inputs.map((input) => ({
    input,
    output: output ?? join(outDir ?? '.', basename(input, extname(input)) + format.extension),
  }));
  if (values.background && values['no-background']) {
    throw new UsageError('give either --background or --no-background, not both');
  }
  const background = values.background ? true : values['no-background'] ? false : undefined;
  return { conversions, format, settings: readSettings(values), background, quiet: values.quiet ?? false };
}

function parseCommandLine(args: string[]) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    if (!errorCode(err)?.startsWith('ERR_PARSE_ARGS')) throw err;
    // Node's wording ("Option '-o, --output <value>' argument missing. …") recast in ours.
    const message = firstLine(err);
    const flag = /'(-[^', ]+(?:, --[^' ]+)?)/.exec(message)?.[1].replace(', ', '/') ?? message;
    const problem = /^Unknown option/.test(message)
      ? `unknown option ${flag}`
      : /does not take an argument/.test(message)
        ? `${flag} takes no value`
        : /argument (missing|is ambiguous)/.test(message)
          ? `${flag} needs a value`
          : message.split('. ')[0];
    throw new UsageError(`${problem} (see vectrace --help)`);
  }
}

/** --format wins; else the -o extension decides; else SVG. */
function pickFormat(name: string | undefined, output: string | undefined): Exporter {
  const names = formats.map((f) => f.name);
  if (name !== undefined) {
    const format = formats.find((f) => f.name === name);
    if (!format) throw new UsageError(`--format must be one of ${names.join(', ')} (got ${name})`);
    return format;
  }
  const extension = output === undefined ? '' : extname(output).toLowerCase();
  if (extension === '') return formats.find((f) => f.name === 'svg') ?? formats[0];
  const format = formats.find((f) => f.extension === extension);
  if (!format) {
    throw new UsageError(
      `cannot tell the format from ${output}: name it ${formats.map((f) => f.extension).join(', ')}, or give --format ${names.join('|')}`,
    );
  }
  return format;
}

function readSettings(values: ReturnType<typeof parseCommandLine>['values']): Partial<TraceSettings> {
  const settings: Partial<TraceSettings> = {};
  if (values.mode !== undefined) settings.mode = oneOf('--mode', values.mode, traceModes);
  if (values.colors !== undefined) settings.colors = paletteSize(values.colors);
  if (values.threshold !== undefined) settings.threshold = percent('--threshold', values.threshold);
  if (values.smoothness !== undefined) settings.smoothness = percent('--smoothness', values.smoothness);
  if (values['corner-detection'] !== undefined) {
    settings.cornerDetection = oneOf('--corner-detection', values['corner-detection'], cornerDetections);
  }
  if (values.quality !== undefined) settings.quality = oneOf('--quality', values.quality, qualities);
  return settings;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((v) => v === value);
  if (found === undefined) {
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got ${value})`);
  }
  return found;
}

function percent(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) {
    throw new UsageError(`${flag} must be a number from 0 to 100 (got ${value})`);
  }
  return n;
}

function paletteSize(value: string): number | 'auto' {
  if (value === 'auto') return value;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 2 || n > 32) {
    throw new UsageError(`--colors must be a whole number from 2 to 32, or auto (got ${value})`);
  }
  return n;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function errorCode(err: unknown): string | undefined {
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

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0].trim();
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`vectrace: ${firstLine(err)}\n`);
  process.exitCode = 1;
}
