import type { Kind } from '../corpus.js';
import { mean, median } from '../stats.js';
import type { TargetCheck } from '../targets.js';
import { isWrong, WIPED } from './expected.js';
import type { RealSource } from './fetch.js';
import { readingByKindTable, wrongReadings } from './reading-table.js';
import { isDocument, type RealResult, type RealRun } from './runner.js';

/** Longer side under which an image is small: decoding and the reading weigh most there. */
const SMALL_SIDE = 128;

const pct = (v: number | undefined, digits = 2) => (v === undefined ? '–' : `${(v * 100).toFixed(digits)}%`);
const fixed = (v: number | undefined, digits: number) => (v === undefined ? '–' : v.toFixed(digits));
const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
/** A lost-color share, flagged when the result lost most of the picture. */
const lostCell = (v: number | undefined) => (v !== undefined && v > WIPED ? `${pct(v)} **WIPED**` : pct(v));

/** Results of one mode, by image id and engine name. */
class Results {
  private byKey = new Map<string, RealResult>();
  constructor(results: RealResult[], mode: Kind) {
    for (const r of results) if (r.mode === mode) this.byKey.set(`${r.id}/${r.engine}`, r);
  }
  get(id: string, engine: string): RealResult | undefined {
    return this.byKey.get(`${id}/${engine}`);
  }
  /** One value for each image where the engine has a result. */
  values(ids: string[], engine: string, pick: (r: RealResult) => number | undefined): number[] {
    return ids
      .map((id) => this.get(id, engine))
      .map((r) => r && pick(r))
      .filter((v): v is number => v !== undefined);
  }
}

function size(s: RealSource): string {
  return `${s.width}x${s.height}`;
}

/** The engines that ran in a mode, vectrace first. */
function enginesOf(run: RealRun, mode: Kind, documents: boolean): string[] {
  const names = run.engines.filter((e) => e.mode === mode).map((e) => e.name);
  return documents ? names : names.filter((n) => !n.startsWith('mkbitmap'));
}

function bwTable(run: RealRun, sources: RealSource[], documents: boolean): string[] {
  const results = new Results(run.results, 'bw');
  const engines = enginesOf(run, 'bw', documents);
  const ids = sources.map((s) => s.id);
  const lines = [
    `| image | category | size | ${engines.map((e) => `${e} IoU`).join(' | ')} | ${engines.map((e) => `${e} cmds`).join(' | ')} | ms (${engines.join(' / ')}) |`,
    `|---|---|---|${engines.map(() => '---:').join('|')}|${engines.map(() => '---:').join('|')}|---:|`,
  ];
  for (const s of sources) {
    const row = engines.map((e) => fixed(results.get(s.id, e)?.iou, 4));
    const cmds = engines.map((e) => String(results.get(s.id, e)?.commands ?? '–'));
    const ms = engines.map((e) => fixed(results.get(s.id, e)?.ms, 0));
    lines.push(
      `| ${s.id} | ${s.category} | ${size(s)} | ${row.join(' | ')} | ${cmds.join(' | ')} | ${ms.join(' / ')} |`,
    );
  }
  const means = engines.map((e) => fixed(mean(results.values(ids, e, (r) => r.iou)), 4));
  const cmds = engines.map((e) => String(median(results.values(ids, e, (r) => r.commands))));
  const ms = engines.map((e) => sum(results.values(ids, e, (r) => r.ms)).toFixed(0));
  lines.push(
    `| **mean / median / total** | | | ${means.join(' | ')} | ${cmds.join(' | ')} | ${ms.join(' / ')} |`,
  );
  return lines;
}

function colorTable(run: RealRun): string[] {
  const results = new Results(run.results, 'color');
  const engines = enginesOf(run, 'color', false);
  const both = (id: string, pick: (r: RealResult) => string) =>
    engines.map((e) => {
      const r = results.get(id, e);
      return r ? pick(r) : '–';
    });
  const lines = [
    `| image | category | size | MAE (${engines.join(' / ')}) | lost color | transparency kept | commands | ms |`,
    '|---|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const s of run.sources) {
    lines.push(
      `| ${s.id} | ${s.category} | ${size(s)} | ${both(s.id, (r) => fixed(r.mae, 2)).join(' / ')} | ${both(s.id, (r) => lostCell(r.lost)).join(' / ')} | ${s.alpha ? both(s.id, (r) => pct(r.kept, 1)).join(' / ') : '–'} | ${both(s.id, (r) => String(r.commands)).join(' / ')} | ${both(s.id, (r) => r.ms.toFixed(0)).join(' / ')} |`,
    );
  }
  const ids = run.sources.map((s) => s.id);
  const alphaIds = run.sources.filter((s) => s.alpha).map((s) => s.id);
  const summary = (
    pick: (r: RealResult) => number | undefined,
    f: (v: number[]) => number,
    show: (v: number) => string,
  ) => engines.map((e) => show(f(results.values(ids, e, pick)))).join(' / ');
  const minKept = engines
    .map((e) => pct(Math.min(...results.values(alphaIds, e, (r) => r.kept)), 1))
    .join(' / ');
  lines.push(
    `| **mean, mean, min, median, total** | | | ${summary(
      (r) => r.mae,
      mean,
      (v) => v.toFixed(2),
    )} | ${summary(
      (r) => r.lost,
      mean,
      (v) => pct(v),
    )} | ${minKept} | ${summary((r) => r.commands, median, String)} | ${summary(
      (r) => r.ms,
      (v) => v.reduce((a, b) => a + b, 0),
      (v) => v.toFixed(0),
    )} |`,
  );
  return lines;
}

function check(text: string, met: boolean | undefined): TargetCheck {
  return { text, met: met === undefined ? null : met };
}

/** The targets of the engine issue on the real set. */
export function realTargets(run: RealRun): TargetCheck[] {
  const bw = new Results(run.results, 'bw');
  const color = new Results(run.results, 'color');
  const pictures = run.sources.filter((s) => !isDocument(s)).map((s) => s.id);
  const documents = run.sources.filter(isDocument).map((s) => s.id);
  const checks: TargetCheck[] = [];
  const ours = bw.values(pictures, 'vectrace', (r) => r.iou);
  const potrace = bw.values(pictures, 'potrace', (r) => r.iou);
  const m = mean(ours);
  const pm = mean(potrace);
  checks.push(
    check(`real bw: mean IoU of ${ours.length} pictures ${fixed(m, 4)} (target >= 0.965)`, m >= 0.965),
    check(
      `real bw: mean IoU ${fixed(m, 4)} (target > potrace ${fixed(pm, 4)})`,
      potrace.length ? m > pm : undefined,
    ),
  );
  const close = pictures.filter((id) => {
    const v = bw.get(id, 'vectrace')?.iou;
    const p = bw.get(id, 'potrace')?.iou;
    return v !== undefined && p !== undefined && v >= p - 0.005;
  });
  checks.push(
    check(
      `real bw: within 0.005 of potrace's IoU or above on ${close.length} of ${pictures.length} pictures (target 90%)`,
      potrace.length ? close.length >= 0.9 * pictures.length : undefined,
    ),
  );
  for (const id of documents) {
    const v = bw.get(id, 'vectrace')?.iou;
    const mk = bw.get(id, 'mkbitmap+potrace')?.iou;
    checks.push(
      check(
        `real bw: document ${id} IoU against Sauvola ${fixed(v, 4)} (target >= 0.75)`,
        v !== undefined && v >= 0.75,
      ),
      check(
        `real bw: document ${id} IoU against Sauvola ${fixed(v, 4)} (target >= mkbitmap+potrace ${fixed(mk, 4)})`,
        mk === undefined ? undefined : v !== undefined && v >= mk,
      ),
    );
  }
  checks.push(...readingTargets(run));
  const ids = run.sources.map((s) => s.id);
  const lost = color.values(ids, 'vectrace', (r) => r.lost);
  const worst = Math.max(...lost);
  checks.push(
    check(`real color: mean lost-color share ${pct(mean(lost))} (target <= 0.80%)`, mean(lost) <= 0.008),
    check(`real color: worst lost-color share ${pct(worst)} (target <= 3%)`, worst <= 0.03),
  );
  const mae = mean(color.values(ids, 'vectrace', (r) => r.mae));
  const vtMae = mean(color.values(ids, 'vtracer', (r) => r.mae));
  checks.push(
    check(
      `real color: mean MAE ${fixed(mae, 2)} (target <= 0.6 x vtracer ${fixed(vtMae, 2)} = ${fixed(0.6 * vtMae, 2)})`,
      Number.isNaN(vtMae) ? undefined : mae <= 0.6 * vtMae,
    ),
  );
  for (const s of run.sources.filter((x) => x.alpha)) {
    const kept = color.get(s.id, 'vectrace')?.kept;
    if (kept === undefined) continue;
    checks.push(check(`real color: ${s.id} transparency kept ${pct(kept, 1)} (target >= 95%)`, kept >= 0.95));
  }
  const cmds = median(color.values(ids, 'vectrace', (r) => r.commands));
  const vtCmds = median(color.values(ids, 'vtracer', (r) => r.commands));
  checks.push(
    check(
      `real color: median commands ${cmds} (target <= vtracer ${vtCmds})`,
      Number.isNaN(vtCmds) ? undefined : cmds <= vtCmds,
    ),
  );
  const ms = sum(color.values(ids, 'vectrace', (r) => r.ms));
  const vtMs = sum(color.values(ids, 'vtracer', (r) => r.ms));
  checks.push(
    check(
      `real color: whole-set time ${ms.toFixed(0)} ms (target <= 0.5 x vtracer ${vtMs.toFixed(0)} = ${(0.5 * vtMs).toFixed(0)} ms)`,
      vtMs > 0 ? ms <= 0.5 * vtMs : undefined,
    ),
  );
  // Small images (under 128 px on their longer side), where decoding and the reading weigh most.
  const small = run.sources.filter((x) => Math.max(x.width, x.height) < SMALL_SIDE).map((x) => x.id);
  const smallMs = sum(color.values(small, 'vectrace', (r) => r.ms));
  const smallVtMs = sum(color.values(small, 'vtracer', (r) => r.ms));
  checks.push(
    check(
      `real color: small images' time ${smallMs.toFixed(0)} ms over ${small.length} (target <= 0.5 x vtracer ${smallVtMs.toFixed(0)} = ${(0.5 * smallVtMs).toFixed(0)} ms)`,
      smallVtMs > 0 ? smallMs <= 0.5 * smallVtMs : undefined,
    ),
  );
  const autoMs = sum([...run.auto.values()].map((a) => a.ms));
  const autoVtMs = sum(run.sources.map((x) => color.get(x.id, 'vtracer')?.ms ?? 0));
  checks.push(
    check(
      `real auto: whole-set time ${autoMs.toFixed(0)} ms (target <= 0.6 x vtracer's color ${autoVtMs.toFixed(0)} = ${(0.6 * autoVtMs).toFixed(0)} ms)`,
      autoVtMs > 0 ? autoMs <= 0.6 * autoVtMs : undefined,
    ),
  );
  const slow = ids.filter((id) => {
    const ours = color.get(id, 'vectrace')?.ms;
    const theirs = color.get(id, 'vtracer')?.ms;
    return ours !== undefined && theirs !== undefined && ours > 2 * theirs;
  });
  checks.push(
    check(
      `real color: images over 2x vtracer's time ${slow.length}${slow.length ? ` (${slow.join(', ')})` : ''} (target 0)`,
      vtMs > 0 ? slow.length === 0 : undefined,
    ),
  );
  const both = ids.filter((id) => bw.get(id, 'vectrace') && bw.get(id, 'potrace'));
  const bwMs = sum(both.map((id) => bw.get(id, 'vectrace')?.ms ?? 0));
  const potraceMs = sum(both.map((id) => bw.get(id, 'potrace')?.ms ?? 0));
  checks.push(
    check(
      `real bw: whole-set time ${bwMs.toFixed(0)} ms (target <= potrace CLI ${potraceMs.toFixed(0)} ms, its decoding, 50% cut and process included)`,
      both.length ? bwMs <= potraceMs : undefined,
    ),
  );
  const failures = run.failures.filter((f) => f.engine === 'vectrace').length;
  checks.push(check(`real: vectrace failures ${failures} (target 0)`, failures === 0));
  return checks;
}

/** What the automatic mode must read: pixel art as pixel art, no screenshot or photo as a page. */
function readingTargets(run: RealRun): TargetCheck[] {
  const read = (category: RealSource['category']) =>
    run.sources.filter((s) => s.category === category).map((s) => run.readings.get(s.id) ?? '');
  const sprites = read('pixel-art');
  const pages = [...read('screenshot'), ...read('photo')].filter((r) => r.startsWith('Read as a page'));
  const wiped = [...run.auto].filter(([, a]) => a.lost > WIPED).map(([id]) => id);
  return [
    check(
      `real auto: ${sprites.filter((r) => r.startsWith('Read as pixel art')).length} of ${sprites.length} pixel-art images read as pixel art (target all)`,
      sprites.every((r) => r.startsWith('Read as pixel art')),
    ),
    check(`real auto: screenshots and photos read as a page ${pages.length} (target 0)`, pages.length === 0),
    check(
      `real auto: default results losing more than ${WIPED * 100}% of the picture ${wiped.length}${wiped.length ? ` (${wiped.join(', ')})` : ''} (target 0)`,
      wiped.length === 0,
    ),
    ...[...run.pixelExact].map(([id, mae]) =>
      check(`real auto: pixel art ${id} MAE at 1x ${fixed(mae, 2)} (target <= 0.5)`, mae <= 0.5),
    ),
  ];
}

/** The real set's sections of the report, Markdown lines. */
export function realSection(run: RealRun): string[] {
  const pictures = run.sources.filter((s) => !isDocument(s));
  const documents = run.sources.filter(isDocument);
  const lines = [
    `## Real images (${run.sources.length}), the product's default settings`,
    '',
    'Each image is traced by every engine in black and white and in color, then rendered at its own',
    'size and compared with the input itself (`bench/real/sources.json` lists where each comes from).',
    '',
    'Engines and settings:',
    '',
    ...run.engines.map((e) => `- ${e.mode}, ${e.name}: ${e.describe}`),
    '',
    '### How the automatic mode reads each kind',
    '',
    'The default mode reads each image and picks black and white, color or pixel art. For each kind',
    "of image: how many were read as what (the result's `reading.kind`), how many are wrong (read",
    `otherwise than expected, or losing more than ${WIPED * 100}% of the picture: wiped), and how much of the`,
    'picture the default result loses (lost-color share, below; on documents, against their ink on white',
    "paper: Sauvola's binarization, on the page only, or against the picture when the result kept it as it",
    "is). 'not page': anything but a page.",
    '',
    ...readingByKindTable(run),
    '',
    'Wrong:',
    '',
    ...wrongReadings(run),
    '',
    '### What the automatic mode read',
    '',
    '| image | category | read as | lost | |',
    '|---|---|---|---:|---|',
    ...run.sources.map((s) => {
      const auto = run.auto.get(s.id);
      const flag = !auto
        ? ''
        : auto.lost > WIPED
          ? '**WIPED**'
          : isWrong(s.category, auto.kind, auto.lost)
            ? 'unexpected'
            : '';
      return `| ${s.id} | ${s.category} | ${run.readings.get(s.id) ?? ''} | ${pct(auto?.lost)} | ${flag} |`;
    }),
    '',
    '### Black and white: pictures',
    '',
    'IoU of the ink: pixels with luminance below 50%, the input composited on white against the render.',
    '',
    ...bwTable(run, pictures, false),
    '',
    '### Black and white: documents',
    '',
    "IoU against Sauvola's binarization of the input (window 31, k 0.2), the usual reference for scans.",
    'On a photo of a page on a table, only the page (its corners are in `sources.json`) holds ink: the',
    'table is paper, as the user wants it. On a dark screen (most of it below mid-gray) the method runs',
    'on the negative, so its ink is the light text, and a result scores in the polarity it took: its',
    'ink or its paper against that text (white on black reads as well as black on white).',
    '',
    ...bwTable(run, documents, true),
    '',
    '### Color',
    '',
    'MAE: mean absolute RGB error on white. Lost color: the share of pixels more than 0.15 apart in',
    "OKLab after a 3x3 box blur of both images. Transparency kept: the share of the input's fully",
    'transparent pixels that the render leaves less than half covered. ms: decode + trace + SVG, in',
    'process, the least of the runs. The command-line engines (potrace, mkbitmap) run after every',
    'in-process one has done the whole set: each of their runs forks this process, and after a fork',
    'the pages it writes are copied on first touch, which slowed the in-process runs beside them.',
    '',
    ...colorTable(run),
    '',
  ];
  if (run.failures.length > 0) {
    lines.push(
      'Failures:',
      '',
      ...run.failures.map((f) => `- ${f.engine} on ${f.id} (${f.mode}): ${f.message}`),
      '',
    );
  }
  return lines;
}
