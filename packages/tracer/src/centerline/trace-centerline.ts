import { TraceError } from '../errors.js';
import type { Layer, RasterImage, StageTimings } from '../model.js';
import type { TraceParams } from '../params.js';

/** Centerline mode: open stroked paths along the middle of each stroke (being built). */
export function traceCenterline(_image: RasterImage, _params: TraceParams, _timings: StageTimings): { layers: Layer[] } {
  throw new TraceError('invalid-settings', 'Centerline tracing is not available yet');
}
