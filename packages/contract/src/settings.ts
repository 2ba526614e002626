import { defaultSettings, type traceModes } from '@vectrace/tracer';
import type { ConversionSettings } from './settings-schema.js';

// Plain values, apart from the zod schemas: a page that only shows settings does not load zod.
export {
  backgrounds,
  choiceValues,
  cornerDetections,
  countsIn,
  drawStyles,
  fromPixels,
  groupings,
  layerings,
  MAX_COLORS,
  MAX_OFFSET_MM,
  MAX_PALETTE,
  MAX_PIXELS,
  offsetUnits,
  pixelsPer,
  qualities,
  readAs,
  readCutContour,
  readPalette,
  type SettingRow,
  type SettingScope,
  settingRow,
  settingRows,
  svgVersions,
  toPixels,
  traceModes,
  traceTargets,
  type Unit,
} from '@vectrace/tracer';
export type { ConversionSettings };

/** A mode a result is traced in: Auto picks one of these. */
export type TracedMode = Exclude<(typeof traceModes)[number], 'auto'>;

/** The spec's defaults. */
export const defaultConversionSettings: ConversionSettings = { ...defaultSettings, maxPixels: null };
