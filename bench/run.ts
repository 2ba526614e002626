import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchOptions, parseOptions, USAGE } from './args.js';
import { loadSubsets } from './corpus.js';
import { documentOnly, selectPeers } from './peers/index.js';
import type { Peer } from './peers/peer.js';
import { fetchRealCorpus, loadRealSources, realCorpusDir } from './real/fetch.js';
import { realSection, realTargets } from './real/report.js';
import { runReal } from './real/runner.js';
import { writeSheets, writeWorstSheet } from './real/sheets.js';
import { renderReport } from './report.js';
import { KEPT_SECTIONS, readSection } from './results-section.js';
import { runSubset, type SubsetRun } from './runner.js';
import { checkTargets, type TargetCheck } from './targets.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** The peers that load; the others are reported as unavailable and skipped. */
async function prepared(peers: Peer[], unavailable: { name: string; reason: string }[]): Promise<Peer[]> {
  const ready: Peer[] = [];
  for (const peer of peers) {
    try {
      await peer.prepare?.();
      ready.push(peer);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!unavailable.some((u) => u.name === peer.name)) unavailable.push({ name: peer.name, reason });
      console.error(`${peer.name} is not available: ${reason}`);
    }
  }
  return ready;
}

async function synthetic(options: BenchOptions, unavailable: { name: string; reason: string }[]) {
  const subsets = await loadSubsets(options.subsets, options.limit);
  if (subsets.length === 0) throw new Error(`No subset matches ${options.subsets.join(', ')}`);
  const peers = await prepared(selectPeers(options.only, options.settings, 'synthetic'), unavailable);
  const runs: SubsetRun[] = [];
  for (const subset of subsets) {
    const t = performance.now();
    runs.push(
      await runSubset(subset, peers, {
        repeat: options.repeat,
        writeSvg: options.writeSvg,
        log: console.error,
      }),
    );
    console.error(
      `${subset.kind}/${subset.name}: ${subset.images.length} images in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  }
  return { runs, peers, checks: checkTargets(runs) };
}

async function real(options: BenchOptions, unavailable: { name: string; reason: string }[]) {
  const dir = realCorpusDir();
  await fetchRealCorpus(dir, console.error);
  // On the real corpus alone, a subset is a kind of image (screenshot, sprite, ...).
  const kinds = options.corpus === 'real' ? options.subsets : [];
  const sources = (await loadRealSources())
    .filter((source) => kinds.length === 0 || kinds.includes(source.category))
    .slice(0, options.limit);
  const peers = await prepared(selectPeers(options.only, options.settings, 'real'), unavailable);
  const run = await runReal(
    sources,
    dir,
    peers.map((peer) => ({ peer, documentOnly: documentOnly(peer) })),
    { repeat: options.repeat, log: console.error },
  );
  const sheets = options.sheets ?? path.join(benchDir, 'out', 'real');
  await writeSheets(run, dir, sheets);
  const worst = await writeWorstSheet(run, dir, sheets);
  console.error(
    `Comparison sheets in ${path.relative(process.cwd(), sheets)}, the worst ten in ${path.relative(process.cwd(), worst)}`,
  );
  return { lines: realSection(run), checks: realTargets(run) };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const started = performance.now();
  const unavailable: { name: string; reason: string }[] = [];
  let runs: SubsetRun[] = [];
  let peers: Peer[] = [];
  const checks: TargetCheck[] = [];
  if (options.corpus !== 'real') {
    const done = await synthetic(options, unavailable);
    runs = done.runs;
    peers = done.peers;
    checks.push(...done.checks);
  }
  let extra: string[] = [];
  if (options.corpus !== 'synthetic') {
    const done = await real(options, unavailable);
    extra = done.lines;
    checks.push(...done.checks);
  }
  const report = renderReport(runs, checks, {
    options,
    peers,
    unavailable,
    date: new Date(),
    seconds: (performance.now() - started) / 1000,
    extra,
  });
  console.log(report);
  const out = options.out ?? (options.complete ? path.join(benchDir, 'RESULTS.md') : undefined);
  if (out) {
    // The makers' and scale-out figures come from their own benchmarks: kept across this one.
    const kept = await Promise.all(KEPT_SECTIONS.map((title) => readSection(out, title)));
    await writeFile(out, `${report.trimEnd()}\n${kept.join('')}`);
    console.error(`Wrote ${path.relative(process.cwd(), out)}`);
  } else {
    console.error('Partial run: RESULTS.md left as it was (pass --out FILE to save this report).');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
