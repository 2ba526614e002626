import { parentPort } from 'node:worker_threads';
import { type Converted, type Decoded, firstLine, InputFailure, traceImage } from './convert.js';

/** A decoded input's trace, asked of a worker thread, and its answer. */
export type WorkerTask = Decoded;
export type WorkerAnswer =
  | { ok: true; converted: Converted }
  | { ok: false; failure: string; known: boolean };

// A worker thread of `vectrace --jobs N`: traces and writes one input at a time, as asked. The
// main thread decodes (convert.ts, decodeInput); no worker thread loads sharp.
parentPort?.on('message', async (task: WorkerTask) => {
  // A test hook: the worker exits on this input, as a crash or an out-of-memory would end it.
  if (process.env.VECTRACE_TEST_WORKER_EXIT === task.input) process.exit(3);
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, converted: await traceImage(task) };
  } catch (err) {
    answer = { ok: false, failure: firstLine(err), known: err instanceof InputFailure };
  }
  parentPort?.postMessage(answer);
});
