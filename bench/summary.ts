import type { EngineRun, SubsetRun } from './runner.js';
import { mean, median } from './stats.js';

/** One engine's row in a subset's table. */
export interface EngineSummary {
  name: string;
  inProcess: boolean;
  /** Mean IoU (bw) or mean MAE (color) over the images it traced. */
  score: number;
  commands: number;
  bytes: number;
  ms: number;
  traced: number;
  failures: number;
}

/** The table row of one engine. */
export function summarize(engine: EngineRun): EngineSummary {
  const images = engine.images;
  return {
    name: engine.peer.name,
    inProcess: engine.peer.inProcess,
    score: mean(images.map((r) => r.score)),
    commands: median(images.map((r) => r.commands)),
    bytes: median(images.map((r) => r.bytes)),
    ms: median(images.map((r) => r.ms)),
    traced: images.length,
    failures: engine.failures.length,
  };
}

/** An engine's row in a subset, if it ran there. */
export function row(run: SubsetRun, name: string): EngineSummary | undefined {
  const engine = run.engines.find((e) => e.peer.name === name);
  return engine && summarize(engine);
}

/** The potrace row for fidelity and size: the CLI, or its wasm build (the same output) without it. */
export function potraceRow(run: SubsetRun): EngineSummary | undefined {
  return row(run, 'potrace') ?? row(run, 'potrace-wasm');
}
