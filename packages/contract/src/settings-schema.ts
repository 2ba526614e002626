import {
  choiceValues,
  defaultSettings,
  MAX_COLORS,
  MAX_OFFSET_PIXELS,
  MAX_PALETTE,
  MAX_PIXELS,
  offsetPixels,
  offsetUnits,
  type SettingRow,
  settingConflicts,
  settingRows,
  settingRule,
  type TraceSettings,
} from '@vectrace/tracer';
import { z } from 'zod';

/**
 * One setting's field, built from its row of the engine's table (see its `settingRule`), worded
 * with its label as the converter shows it: settings come from the site as JSON values, and the
 * site's sliders give whole percents.
 */
function settingField(row: SettingRow): z.ZodType {
  const message = `${row.label} must be ${settingRule(row)}`;
  switch (row.kind) {
    case 'percent':
      return z
        .number({ error: `${row.label} must be a number from 0 to 100` })
        .int(`${row.label} must be a whole number from 0 to 100`)
        .min(0, `${row.label} must be from 0 to 100`)
        .max(100, `${row.label} must be from 0 to 100`);
    case 'choice':
      return z.enum(choiceValues(row) as [string, ...string[]], {
        error: `${row.label} must be one of: ${choiceValues(row).join(', ')}`,
      });
    case 'colors':
      return z.union([z.literal('auto'), z.number().int(message).min(2, message).max(MAX_COLORS, message)], {
        error: message,
      });
    case 'width':
      return z.union([z.literal('auto'), z.number().min(1, message).max(100, message)], { error: message });
    case 'palette':
      return z
        .array(z.string().regex(/^#[0-9a-fA-F]{6}$/, message), { error: message })
        .max(MAX_PALETTE, message);
    case 'offset':
      return z
        .object(
          {
            offset: z.number({ error: message }).min(0, message),
            unit: z.enum(offsetUnits, { error: message }),
          },
          { error: message },
        )
        .refine((cut) => offsetPixels(cut) <= MAX_OFFSET_PIXELS, message)
        .nullable();
    case 'flag':
      return z.boolean({ error: message });
  }
}

/** Every setting of the engine's table, each with its default. */
const settingFields = Object.fromEntries(
  settingRows.map((row) => [row.name, settingField(row).default(defaultSettings[row.name])]),
) as { [K in keyof TraceSettings]: z.ZodDefault<z.ZodType<TraceSettings[K]>> };

/** The least `maxPixels`: a 10 × 10 image. */
export const MIN_MAX_PIXELS = 100;
const maxPixelsMessage = `maxPixels must be a whole number from ${MIN_MAX_PIXELS} to ${MAX_PIXELS}`;

/** A larger image is reduced to at most this many pixels before it is traced; null: as it is. */
const maxPixels = z
  .number({ error: maxPixelsMessage })
  .int(maxPixelsMessage)
  .min(MIN_MAX_PIXELS, maxPixelsMessage)
  .max(MAX_PIXELS, maxPixelsMessage)
  .nullable()
  .default(null);

/** Conversion settings (spec section 3, plus `mode`, `colors`, `read`, `invert` and the makers' options); missing fields take their defaults. */
export const conversionSettingsSchema = settingConflicts.reduce(
  (schema, { conflict, message }) => schema.refine((s) => !conflict(s), { message, path: ['shapes'] }),
  z.object({ ...settingFields, maxPixels }),
);

/** The settings of one conversion, every field present. */
export type ConversionSettings = z.infer<typeof conversionSettingsSchema>;
