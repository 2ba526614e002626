import { defaultSettings, type traceModes } from '@vectrace/tracer';
import type { ConversionSettings } from './settings-schema.js';

// Plain values, apart from the zod schemas: a page that only shows settings does not load zod.
export {
  backgrounds,
  cornerDetections,
  drawStyles,
  groupings,
  layerings,
  MAX_COLORS,
  MAX_PIXELS,
  offsetUnits,
  qualities,
  readAs,
  readCutContour,
  readPalette,
  svgVersions,
  traceModes,
  traceTargets,
} from '@vectrace/tracer';
export type { ConversionSettings };

/** A mode a result is traced in: Auto picks one of these. */
export type TracedMode = Exclude<(typeof traceModes)[number], 'auto'>;

/** The spec's defaults. */
export const defaultConversionSettings: ConversionSettings = { ...defaultSettings, maxPixels: null };
