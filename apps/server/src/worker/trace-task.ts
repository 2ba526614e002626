import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import {
  describeReading,
  drawnAs,
  type Point,
  type RasterImage,
  type Reading,
  scaleLayers,
  TraceError,
  type TraceSettings,
  toSvg,
  trace,
  type VectorImage,
} from '@vectrace/tracer';
import { Piscina } from 'piscina';
import { markAnchorOf } from './mark-anchor.js';

// Tracing yields the CPU to the server's event loop: on Linux a thread is a task with its own
// nice value, so this thread alone is lowered to 10. In the load test (50 connections polling
// while both cores trace) API p99 went from 316 ms to 34-36 ms, and traces still progress (at 19:
// 28-33 ms, but traces all but stop). Without API load, tracing gets the whole machine.
// Elsewhere it runs at normal priority.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, 10);
} catch {
  // not Linux, or not allowed: trace at normal priority
}

/** One trace, sent to a worker thread: the decoded pixels and the settings. */
export interface TraceTask {
  image: RasterImage;
  settings: TraceSettings;
  /** The image's own size when `image` was reduced from it (a test result): the trace is drawn at it. */
  fullSize?: { width: number; height: number };
}

/** The SVG (UTF-8 bytes), its path count and reading, or why there is no result to offer. */
export type TraceOutcome =
  | {
      ok: true;
      svg: Uint8Array;
      vectorCount: number;
      reading: string;
      tracedMode: Reading['mode'];
      reducedBy?: number;
      /** Where the preview's watermark is fixed, in the result's units (mark-anchor.ts). */
      markAnchor: Point;
    }
  | { ok: false; message: string };

/**
 * A trace with nothing in it is never offered for payment: the conversion fails with this, which
 * suggests only what was not tried (Auto has looked at the image every way already).
 */
export function emptyResultMessage(mode: TraceSettings['mode']): string {
  if (mode === 'auto')
    return 'Nothing was traced: even Auto finds this image blank, or all one color. Check that it is the image you meant; faint marks come out with a lower threshold, in Advanced.';
  const tries =
    mode === 'bw' || mode === 'centerline'
      ? 'the Auto or Color mode, or a lower threshold'
      : 'the Auto or Black & white mode, with a lower threshold';
  return `Nothing was traced: with these settings the image comes out empty. Try ${tries}, in Advanced.`;
}

// Runs inside a worker thread (piscina): CPU-bound work never runs on the server's event loop.
export default function traceTask({ image, settings, fullSize }: TraceTask): TraceOutcome {
  try {
    const factor = fullSize ? fullSize.width / image.width : 1;
    const traced = trace(image, settings);
    if (traced.vectorCount === 0) return { ok: false, message: emptyResultMessage(settings.mode) };
    const sized = fullSize ? enlarged(traced, factor, fullSize) : traced;
    // Stored as it is asked: every other format is written from this SVG (read-svg.ts).
    const vector = drawnAs(sized, settings.drawStyle ?? 'fillShapes');
    const anchor = markAnchorOf(image);
    const written = toSvg(vector, {
      groupBy: settings.groupBy,
      svgVersion: settings.svgVersion,
      adobeCompatible: settings.adobeCompatible,
    });
    const svg = new TextEncoder().encode(written);
    const outcome: TraceOutcome = {
      ok: true,
      svg,
      vectorCount: vector.vectorCount,
      reading: describeReading(vector),
      tracedMode: traced.reading.mode,
      reducedBy: vector.reducedBy,
      markAnchor: { x: anchor.x * factor, y: anchor.y * factor },
    };
    // Handed over, not copied: a noisy image's SVG is megabytes the event loop need not clone.
    const transferable = { [Piscina.transferableSymbol]: [svg.buffer], [Piscina.valueSymbol]: outcome };
    return Piscina.move(transferable as unknown as ArrayBuffer) as unknown as TraceOutcome;
  } catch (err) {
    if (err instanceof TraceError) return { ok: false, message: err.message };
    throw err;
  }
}

/** A trace of a reduced image drawn at the image's own size. */
function enlarged<V extends VectorImage>(
  vector: V,
  factor: number,
  size: { width: number; height: number },
): V {
  return {
    ...vector,
    ...size,
    layers: scaleLayers(vector.layers, factor),
    ...(vector.margin ? { margin: vector.margin * factor } : {}),
  };
}
