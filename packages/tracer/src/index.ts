export { withBackground } from './background.js';
export { estimateEdgePixels, MAX_EDGE_PIXELS } from './cost.js';
export { TraceError, type TraceErrorCode } from './errors.js';
export * from './export/index.js';
export type {
  Color,
  Layer,
  Point,
  RasterImage,
  Segment,
  StageTimings,
  Subpath,
  VectorImage,
} from './model.js';
export { describeReading, type Reading } from './reading.js';
export {
  type CornerDetection,
  cornerDetections,
  defaultSettings,
  MAX_PIXELS,
  type Quality,
  qualities,
  type ReadAs,
  readAs,
  type TraceMode,
  type TraceSettings,
  traceModes,
} from './settings.js';
export { trace } from './trace.js';
