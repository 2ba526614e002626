export { estimateEdgePixels, MAX_EDGE_PIXELS } from './cost.js';
export { visibleShape } from './cut-contour/visible-shape.js';
export { TraceError, type TraceErrorCode } from './errors.js';
export { withBackground } from './export/background.js';
export * from './export/index.js';
export { scaleLayers } from './geometry/scale.js';
export {
  type ImageType,
  imageTypeExtensions,
  imageTypeNames,
  imageTypes,
  imageTypeWords,
} from './input-formats.js';
export {
  type Color,
  isArtwork,
  type Layer,
  type LayerName,
  type Point,
  type RasterImage,
  type Reading,
  type Segment,
  type StageTimings,
  type Subpath,
  type VectorImage,
} from './model.js';
export { describeReading } from './reading.js';
export { readCutContour, readPalette } from './setting-text.js';
export {
  backgrounds,
  type CornerDetection,
  type CutContour,
  cornerDetections,
  type DrawStyle,
  defaultSettings,
  drawStyles,
  type GroupBy,
  groupings,
  type Layering,
  layerings,
  MAX_COLORS,
  MAX_OFFSET_PIXELS,
  MAX_PIXELS,
  offsetPixels,
  offsetUnits,
  type Quality,
  qualities,
  type ReadAs,
  readAs,
  type SvgVersion,
  svgVersions,
  type TraceMode,
  type TraceSettings,
  traceModes,
  traceTargets,
} from './settings.js';
export { trace } from './trace.js';
