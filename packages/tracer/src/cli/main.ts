import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { formats, type OutputSize, smallestOutputWidth, units } from '../index.js';
import {
  type Converted,
  convert,
  decodeInput,
  errorCode,
  firstLine,
  InputFailure,
  loadDecoder,
  loadPngDrawer,
  MissingDecoderError,
  MissingPngDrawerError,
  type OutputFormat,
  type Recipe,
  STDIO,
} from './convert.js';
import { handOver } from './hand-over.js';
import { reporter } from './progress.js';
import { readSettingFlags, settingHelp, settingOptions } from './setting-flags.js';
import type { WorkerAnswer, WorkerTask } from './worker.js';

/** What one run was asked to do, with every value already checked. */
interface Job {
  /** Each input as the user typed it, and the file it becomes (`-`: standard input or output). */
  conversions: { input: string; output: string }[];
  recipe: Recipe;
  /** Inputs converted at once, each in its own worker thread when more than one. */
  jobs: number;
  quiet: boolean;
}

/** A mistake in the command line: reported as one line, exit code 2. */
class UsageError extends Error {}

const options = {
  output: { type: 'string', short: 'o' },
  'out-dir': { type: 'string' },
  format: { type: 'string' },
  ...settingOptions,
  background: { type: 'boolean' },
  'no-background': { type: 'boolean' },
  width: { type: 'string' },
  unit: { type: 'string' },
  precision: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

/** What the command writes: the engine's vector formats, and PNG drawn from the vectors. */
const outputFormats: readonly { name: OutputFormat; extension: string }[] = [
  ...formats,
  { name: 'png', extension: '.png' },
];

/** The examples of --help: each runs as written, given its input files (a test runs them). */
const examples = [
  'vectrace logo.png -o logo.svg',
  'vectrace scan.jpg -o scan.pdf --threshold 50 --smoothness 80',
  'vectrace photo.jpg -o photo.svg --mode color --colors 8',
  'vectrace logo.png -o logo-2000.png --width 2000',
  'vectrace *.png --out-dir vectors --format dxf --width 100 --unit mm',
];

const usage = `Usage: vectrace INPUT... (-o OUTPUT | --out-dir DIR) [options]

Traces PNG, JPEG, WebP, GIF (its first frame), BMP and TIFF images into vector graphics.
An INPUT of - reads standard input; -o - writes to standard output.

  -o, --output FILE           write to FILE (a single input only; - for standard output)
      --out-dir DIR           write DIR/<input name>.<ext> for each input, creating DIR
      --format FORMAT         ${outputFormats.map((f) => f.name).join(', ')} (default: from the -o extension, else
                              svg); png is drawn from the vectors, --width pixels wide
${settingHelp()}
      --background            paint a background: the traced one, or white (default: only when
                              the input is opaque; transparent pixels stay transparent)
      --no-background         leave the background transparent, even for an opaque input (in
                              color mode, the background's color is removed inside the picture too)
      --width N               the output's width, the height following the image (default: one
                              unit per image pixel); a PNG's in pixels
      --unit U                ${units.join(', ')}: the unit of --width (default px, 96 to the inch; a DXF
                              records mm and in as its units)
      --precision N           decimals in SVG, EPS and PDF coordinates, 0 to 8 (default 2)
  -j, --jobs N                convert N inputs at once, each on its own core (default: the number
                              of cores, ${availableParallelism()} here)
  -q, --quiet                 print nothing on success
  -h, --help                  show this help
      --version               show the version

On a terminal a batch shows one progress line with the time left; otherwise each converted
file prints a line. A batch ends with one line: how many were converted and failed, and the time.
Exit status: 0 when every input was converted, 1 when any failed, 2 for a usage error.

Examples:
${examples.map((example) => `  ${example}`).join('\n')}
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
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`vectrace ${pkg.version}\n`);
    return 0;
  }
  try {
    await loadDecoder();
    if (job.recipe.format === 'png') await loadPngDrawer();
  } catch (err) {
    if (!(err instanceof MissingDecoderError || err instanceof MissingPngDrawerError)) throw err;
    process.stderr.write(`vectrace: ${err.message}\n`);
    return 1;
  }
  const toStdout = job.conversions.some((c) => c.output === STDIO);
  // With the file on standard output, reports go to standard error.
  const report = reporter(job.conversions.length, {
    quiet: job.quiet,
    out: toStdout ? process.stderr : process.stdout,
    terminal: process.stderr,
  });
  let failed = false;
  const claimed = new Map<string, string>();
  const tasks = job.conversions.filter(({ input, output }) => {
    if (input !== STDIO && output !== STDIO && resolve(input) === resolve(output)) {
      failed = true;
      report.failed(`${input} would be overwritten by its own output: write to another name or folder`);
      return false;
    }
    const earlier = output === STDIO ? undefined : claimed.get(resolve(output));
    if (earlier === undefined) {
      claimed.set(resolve(output), input);
      return true;
    }
    failed = true;
    report.failed(`${input} would overwrite ${output}, written for ${earlier}`);
    return false;
  });
  const outcome = async (task: (typeof tasks)[number], run: () => Promise<Converted>) => {
    try {
      const converted = await run();
      if (converted.bytes) await writeOut(converted.bytes);
      report.converted(converted.line);
    } catch (err) {
      failed = true;
      report.failed(err instanceof InputFailure ? err.message : `${task.input} failed (${firstLine(err)})`);
    }
  };

  const workers = Math.min(job.jobs, tasks.length);
  if (workers <= 1) {
    // One at a time: a 50-megapixel input is 200 MB of RGBA before the engine's own buffers.
    for (const task of tasks) {
      await outcome(task, async () => {
        const stdin = task.input === STDIO ? await readStdin() : undefined;
        return convert(task.input, task.output, (job as Job).recipe, stdin);
      });
    }
  } else {
    await inWorkers(workers, tasks, job.recipe, outcome);
  }
  report.finish();
  return failed ? 1 : 0;
}

/**
 * Converts the inputs on `count` worker threads, each taking the next input when it is free: this
 * thread decodes it (see decodeInput) and the worker traces and writes it. A worker that stops (a
 * crash, out of memory) fails the input it had, and a new one takes over.
 */
async function inWorkers(
  count: number,
  tasks: { input: string; output: string }[],
  recipe: Recipe,
  outcome: (task: { input: string; output: string }, run: () => Promise<Converted>) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    let worker: Worker | undefined;
    try {
      while (next < tasks.length) {
        const task = tasks[next++];
        worker ??= new Worker(new URL('./worker.js', import.meta.url));
        const current = worker;
        await outcome(task, async () => {
          const decoded = await decodeInput({ ...task, recipe });
          // The pixels move to the worker: this thread's copy is freed now, not when it collects.
          const data = handOver(decoded.image.data);
          return askWorker(current, { ...decoded, image: { ...decoded.image, data } }, [data.buffer]).catch(
            (err) => {
              if (err instanceof WorkerStopped) worker = undefined;
              throw err;
            },
          );
        });
      }
    } finally {
      await worker?.terminate();
    }
  };
  await Promise.all(Array.from({ length: count }, lane));
}

/** The worker thread ended while it converted an input. */
class WorkerStopped extends InputFailure {}

function askWorker(worker: Worker, task: WorkerTask, transfer: ArrayBuffer[]): Promise<Converted> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onError = (err: Error) => {
      done();
      reject(
        new WorkerStopped(`${task.input} failed: the converter stopped unexpectedly (${firstLine(err)})`),
      );
    };
    const onExit = (code: number) => {
      done();
      reject(
        new WorkerStopped(`${task.input} failed: the converter stopped unexpectedly (exit code ${code})`),
      );
    };
    const onMessage = (answer: WorkerAnswer) => {
      done();
      if (answer.ok) resolve(answer.converted);
      else reject(answer.known ? new InputFailure(answer.failure) : new Error(answer.failure));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(task, transfer);
  });
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  if (chunks.length === 0) throw new InputFailure('standard input is empty: pipe an image into it');
  return Buffer.concat(chunks);
}

/** Writes the file to standard output, all of it, before the process ends. */
function writeOut(bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(bytes, (err) => (err ? reject(err) : resolve())),
  );
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
  if (inputs.includes(STDIO) && inputs.length > 1) {
    throw new UsageError('standard input (-) is a single input: convert it on its own');
  }
  const format = pickFormat(values.format, output === STDIO ? undefined : output);
  const conversions = inputs.map((input) => ({
    input,
    output:
      output ??
      join(outDir ?? '.', (input === STDIO ? 'stdin' : basename(input, extname(input))) + format.extension),
  }));
  if (values.background && values['no-background']) {
    throw new UsageError('give either --background or --no-background, not both');
  }
  const background = values.background ? true : values['no-background'] ? false : undefined;
  if (values.unit !== undefined && values.width === undefined) {
    throw new UsageError('--unit is the unit of --width: give --width too');
  }
  if (format.name === 'png' && values.unit !== undefined && values.unit !== 'px') {
    throw new UsageError(`a PNG's --width is in pixels: leave out --unit ${values.unit}`);
  }
  const recipe: Recipe = {
    format: format.name,
    settings: readSettingFlags(values, (message) => {
      throw new UsageError(message);
    }),
    background,
    exportOptions: {
      ...(values.width !== undefined ? { size: outputSize(values.width, values.unit ?? 'px') } : {}),
      ...(values.precision !== undefined
        ? { precision: wholeNumber('--precision', values.precision, 0, 8) }
        : {}),
    },
  };
  const jobs = values.jobs === undefined ? availableParallelism() : wholeNumber('--jobs', values.jobs, 1, 64);
  return { conversions, recipe, jobs, quiet: values.quiet ?? false };
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
function pickFormat(name: string | undefined, output: string | undefined): (typeof outputFormats)[number] {
  const names = outputFormats.map((f) => f.name);
  if (name !== undefined) {
    const format = outputFormats.find((f) => f.name === name);
    if (!format) throw new UsageError(`--format must be one of ${names.join(', ')} (got ${name})`);
    return format;
  }
  const extension = output === undefined ? '' : extname(output).toLowerCase();
  if (extension === '') return outputFormats[0];
  const format = outputFormats.find((f) => f.extension === extension);
  if (!format) {
    throw new UsageError(
      `cannot tell the format from ${output}: name it ${outputFormats.map((f) => f.extension).join(', ')}, or give --format ${names.join('|')}`,
    );
  }
  return format;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((v) => v === value);
  if (found === undefined) {
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got ${value})`);
  }
  return found;
}

/** --width in --unit: above 0 and at least the engine's smallest width (1 px, 1 mm, 0.04 in). */
function outputSize(width: string, unitText: string): OutputSize {
  const unit = oneOf('--unit', unitText, units);
  const value = positive('--width', width);
  const smallest = smallestOutputWidth[unit];
  if (value < smallest) throw new UsageError(`--width must be at least ${smallest} ${unit} (got ${width})`);
  return { width: value, unit };
}

function positive(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) {
    throw new UsageError(`${flag} must be a number above 0 (got ${value})`);
  }
  return n;
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got ${value})`);
  }
  return n;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`vectrace: ${firstLine(err)}\n`);
  process.exitCode = 1;
}
