import { parseArgs } from 'node:util';
import type { TraceSettings } from '@vectrace/tracer';

/** What one `npm run bench` run does. */
export interface BenchOptions {
  /** The synthetic corpus with ground truths, the real images, or both. */
  corpus: 'synthetic' | 'real' | 'all';
  subsets: string[];
  only: string[];
  limit: number;
  repeat: number;
  settings: Partial<TraceSettings>;
  writeSvg?: string;
  out?: string;
  /** Where comparison sheets of the real images go (bench/out/real by default). */
  sheets?: string;
  /** True when every image of both corpora runs on every engine, so RESULTS.md can be replaced. */
  complete: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]
  --corpus C        synthetic (../shared/corpus, with ground truths), real (real images from
                    Debian packages, fetched into bench/real/.cache on first use), or all (default)
  --subset S        bw, color, png256, bw/png256, ... (repeatable, or comma separated); with
                    --corpus real, kinds of image: document, screenshot, sprite, ...
  --only E          vectrace, potrace, potrace-wasm, vtracer (repeatable, or comma separated)
  --limit N         the first N images of each subset
  --settings JSON   vectrace settings on top of the bench's, e.g. '{"quality":"high"}'
  --quality Q       shorthand for --settings '{"quality":"Q"}'
  --repeat N        time each trace N times and keep the fastest (default 3: one run is at the
                    mercy of JIT warm-up and of whatever else the machine is doing)
  --write-svg DIR   save every engine's SVGs under DIR/<kind>/<subset>/<engine>/<id>.svg
  --sheets DIR      write the real images' comparison PNGs there (default bench/out/real)
  --out FILE        write the report there (default bench/RESULTS.md, full runs only)`;

function list(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((value) => value.split(',')).filter((value) => value !== '');
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name} takes a whole number above 0, not "${value}"`);
  return n;
}

/** Parses the command line; throws with a message a person can act on. */
export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      corpus: { type: 'string' },
      subset: { type: 'string', multiple: true },
      only: { type: 'string', multiple: true },
      limit: { type: 'string' },
      settings: { type: 'string' },
      quality: { type: 'string' },
      repeat: { type: 'string' },
      'write-svg': { type: 'string' },
      out: { type: 'string' },
      sheets: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  let settings: Partial<TraceSettings> = {};
  if (values.settings !== undefined) {
    try {
      settings = JSON.parse(values.settings) as Partial<TraceSettings>;
    } catch {
      throw new Error(`--settings takes a JSON object, e.g. '{"quality":"high"}', not ${values.settings}`);
    }
  }
  if (values.quality !== undefined)
    settings = { ...settings, quality: values.quality as TraceSettings['quality'] };
  const corpus = values.corpus ?? 'all';
  if (corpus !== 'synthetic' && corpus !== 'real' && corpus !== 'all')
    throw new Error(`--corpus takes synthetic, real or all, not "${corpus}"`);
  const subsets = list(values.subset);
  const only = list(values.only);
  const limit = positiveInt(values.limit, 'limit', Number.POSITIVE_INFINITY);
  return {
    corpus,
    subsets,
    only,
    limit,
    repeat: positiveInt(values.repeat, 'repeat', 3),
    settings,
    writeSvg: values['write-svg'],
    out: values.out,
    sheets: values.sheets,
    complete:
      corpus === 'all' && subsets.length === 0 && only.length === 0 && limit === Number.POSITIVE_INFINITY,
  };
}
