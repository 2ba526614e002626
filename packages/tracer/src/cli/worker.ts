import { parentPort } from 'node:worker_threads';
import { type Converted, convert, firstLine, InputFailure, type Recipe } from './convert.js';

/** A conversion asked of a worker thread, and its answer. */
export interface WorkerTask {
  input: string;
  output: string;
  recipe: Recipe;
}
export type WorkerAnswer =
  | { ok: true; converted: Converted }
  | { ok: false; failure: string; known: boolean };

// A worker thread of `vectrace --jobs N`: converts one input at a time, as asked.
parentPort?.on('message', async ({ input, output, recipe }: WorkerTask) => {
  // A test hook: the worker exits on this input, as a crash or an out-of-memory would end it.
  if (process.env.VECTRACE_TEST_WORKER_EXIT === input) process.exit(3);
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, converted: await convert(input, output, recipe) };
  } catch (err) {
    answer = { ok: false, failure: firstLine(err), known: err instanceof InputFailure };
  }
  parentPort?.postMessage(answer);
});
