import {
  cornerDetections,
  defaultSettings,
  MAX_PIXELS,
  qualities,
  readAs,
  traceModes,
} from '@vectrace/tracer';
import type { ConversionSettings } from './settings-schema.js';

export type { ConversionSettings };
// Plain values, apart from the zod schemas: a page that only shows settings does not load zod.
export { cornerDetections, MAX_PIXELS, qualities, readAs, traceModes };

/** A mode a result is traced in: Auto picks one of these. */
export type TracedMode = Exclude<(typeof traceModes)[number], 'auto'>;

/** The spec's defaults. */
export const defaultConversionSettings: ConversionSettings = { ...defaultSettings };
