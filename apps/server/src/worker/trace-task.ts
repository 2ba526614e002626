import { type RasterImage, TraceError, type TraceSettings, toSvg, trace } from '@vectrace/tracer';

/** One trace, sent to a worker thread: the decoded pixels and the settings. */
export interface TraceTask {
  image: RasterImage;
  settings: TraceSettings;
}

/** The SVG and its path count, or the reason the engine refused the image. */
export type TraceOutcome = { ok: true; svg: string; vectorCount: number } | { ok: false; message: string };

// Runs inside a worker thread (piscina): CPU-bound work never runs on the server's event loop.
export default function traceTask({ image, settings }: TraceTask): TraceOutcome {
  try {
    const vector = trace(image, settings);
    return { ok: true, svg: toSvg(vector), vectorCount: vector.vectorCount };
  } catch (err) {
    if (err instanceof TraceError) return { ok: false, message: err.message };
    throw err;
  }
}
