import { mean } from '../stats.js';
import { EXPECTED, isWrong, READING_KINDS, WIPED } from './expected.js';
import type { RealCategory, RealSource } from './fetch.js';
import type { AutoResult, RealRun } from './runner.js';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** One kind's default results, in the order the images are listed. */
interface KindRow {
  category: RealCategory;
  images: { source: RealSource; auto: AutoResult }[];
}

function byKind(run: RealRun): KindRow[] {
  const rows = new Map<RealCategory, KindRow>();
  for (const source of run.sources) {
    const auto = run.auto.get(source.id);
    if (!auto) continue;
    const row = rows.get(source.category) ?? { category: source.category, images: [] };
    row.images.push({ source, auto });
    rows.set(source.category, row);
  }
  return [...rows.values()];
}

/**
 * How the automatic mode reads each kind of image, Markdown lines: how many of each kind, read as
 * what, how many wrong (an unexpected reading, or more than 30% of the picture lost) and how much
 * of the picture the default result loses.
 */
export function readingByKindTable(run: RealRun): string[] {
  const rows = byKind(run);
  const others = [
    ...new Set(
      rows
        .flatMap((r) => r.images.map((i) => i.auto.kind))
        .filter((k) => !READING_KINDS.some((c) => c === k)),
    ),
  ];
  const kinds = [...READING_KINDS, ...others];
  const lines = [
    `| kind | images | ${kinds.join(' | ')} | expected | wrong | wiped | lost mean | lost worst |`,
    `|---|---:|${kinds.map(() => '---:').join('|')}|---|---:|---:|---:|---|`,
  ];
  let total = 0;
  let wrongTotal = 0;
  let wipedTotal = 0;
  for (const { category, images } of rows) {
    const counts = kinds.map((k) => images.filter((i) => i.auto.kind === k).length);
    const wrong = images.filter((i) => isWrong(category, i.auto.kind, i.auto.lost)).length;
    const wiped = images.filter((i) => i.auto.lost > WIPED).length;
    const worst = images.reduce((a, b) => (b.auto.lost > a.auto.lost ? b : a));
    total += images.length;
    wrongTotal += wrong;
    wipedTotal += wiped;
    lines.push(
      `| ${category} | ${images.length} | ${counts.map((n) => (n ? String(n) : '·')).join(' | ')} | ${EXPECTED[category]?.label ?? '–'} | ${wrong} | ${wiped} | ${pct(mean(images.map((i) => i.auto.lost)))} | ${pct(worst.auto.lost)} (${worst.source.id}) |`,
    );
  }
  const all = rows.flatMap((r) => r.images);
  const counts = kinds.map((k) => all.filter((i) => i.auto.kind === k).length);
  const worst = all.length ? all.reduce((a, b) => (b.auto.lost > a.auto.lost ? b : a)) : undefined;
  lines.push(
    `| **all** | ${total} | ${counts.join(' | ')} | | ${wrongTotal} | ${wipedTotal} | ${all.length ? pct(mean(all.map((i) => i.auto.lost))) : '–'} | ${worst ? `${pct(worst.auto.lost)} (${worst.source.id})` : '–'} |`,
  );
  return lines;
}

/** The images whose default result is wrong, with why: Markdown list lines (none: one line saying so). */
export function wrongReadings(run: RealRun): string[] {
  const lines: string[] = [];
  for (const source of run.sources) {
    const auto = run.auto.get(source.id);
    if (!auto || !isWrong(source.category, auto.kind, auto.lost)) continue;
    const why = [
      auto.lost > WIPED ? `WIPED, ${pct(auto.lost)} lost` : '',
      EXPECTED[source.category]?.kinds.includes(auto.kind) === false
        ? `read as ${auto.kind}, expected ${EXPECTED[source.category]?.label}`
        : '',
    ].filter(Boolean);
    lines.push(`- ${source.id} (${source.category}): ${why.join('; ')}`);
  }
  return lines.length ? lines : ['- none'];
}

/** The images whose default result loses the most of the picture, worst first. */
export function worstLost(run: RealRun, count: number): { source: RealSource; auto: AutoResult }[] {
  return run.sources
    .map((source) => ({ source, auto: run.auto.get(source.id) }))
    .filter((x): x is { source: RealSource; auto: AutoResult } => x.auto !== undefined)
    .sort((a, b) => b.auto.lost - a.auto.lost)
    .slice(0, count);
}
