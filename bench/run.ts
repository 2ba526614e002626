import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions, USAGE } from './args.js';
import { loadSubsets } from './corpus.js';
import { selectPeers } from './peers/index.js';
import type { Peer } from './peers/peer.js';
import { renderReport } from './report.js';
import { runSubset, type SubsetRun } from './runner.js';
import { checkTargets } from './targets.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const started = performance.now();
  const subsets = await loadSubsets(options.subsets, options.limit);
  if (subsets.length === 0) throw new Error(`No subset matches ${options.subsets.join(', ')}`);

  const peers: Peer[] = [];
  const unavailable: { name: string; reason: string }[] = [];
  for (const peer of selectPeers(options.only, options.settings)) {
    try {
      await peer.prepare?.();
      peers.push(peer);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      unavailable.push({ name: peer.name, reason });
      console.error(`${peer.name} is not available: ${reason}`);
    }
  }

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

  const checks = checkTargets(runs);
  const report = renderReport(runs, checks, {
    options,
    peers,
    unavailable,
    date: new Date(),
    seconds: (performance.now() - started) / 1000,
  });
  console.log(report);
  const out = options.out ?? (options.complete ? path.join(benchDir, 'RESULTS.md') : undefined);
  if (out) {
    await writeFile(out, report);
    console.error(`Wrote ${path.relative(process.cwd(), out)}`);
  } else {
    console.error('Partial run: RESULTS.md left as it was (pass --out FILE to save this report).');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
