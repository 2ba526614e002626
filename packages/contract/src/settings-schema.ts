import { cornerDetections, defaultSettings, qualities, readAs, traceModes } from '@vectrace/tracer';
import { z } from 'zod';

const percent = (name: string, fallback: number) =>
  z
    .number({ error: `${name} must be a number from 0 to 100` })
    .int(`${name} must be a whole number from 0 to 100`)
    .min(0, `${name} must be from 0 to 100`)
    .max(100, `${name} must be from 0 to 100`)
    .default(fallback);

const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) =>
  z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }).default(fallback);

const colorsMessage = 'Colors must be a whole number from 2 to 32, or auto';

/** Conversion settings (spec section 3, plus `mode`, `colors` and `read`); missing fields take their defaults. */
export const conversionSettingsSchema = z.object({
  smoothness: percent('Smoothness', defaultSettings.smoothness),
  threshold: percent('Threshold', defaultSettings.threshold),
  cornerDetection: oneOf('Corner detection', cornerDetections, defaultSettings.cornerDetection),
  quality: oneOf('Quality', qualities, defaultSettings.quality),
  mode: oneOf('Mode', traceModes, defaultSettings.mode),
  colors: z
    .union([z.literal('auto'), z.number().int(colorsMessage).min(2, colorsMessage).max(32, colorsMessage)], {
      error: colorsMessage,
    })
    .default('auto'),
  read: oneOf('Read as', readAs, defaultSettings.read),
});

/** The settings of one conversion, every field present. */
export type ConversionSettings = z.infer<typeof conversionSettingsSchema>;
