import type { StageTimings } from './model.js';

/**
 * The clock of a trace's stages, for `VectorImage.timings`: the milliseconds each stage took,
 * added up when a stage runs more than once (the threshold of black and white, then of its finer
 * grid; centerline's curves, then its filled shapes' outlines).
 */

/** Adds the time since `since` to a stage's, and returns now: where the next stage starts. */
export function lap(timings: StageTimings, stage: string, since: number): number {
  const now = performance.now();
  timings[stage] = (timings[stage] ?? 0) + (now - since);
  return now;
}

/** Runs one stage, its time added to the stage's. */
export function timed<T>(timings: StageTimings, stage: string, work: () => T): T {
  const start = performance.now();
  const result = work();
  lap(timings, stage, start);
  return result;
}
