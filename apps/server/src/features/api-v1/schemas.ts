import {
  apiErrorCodes,
  downloadFormats,
  errorCodeSchema,
  MAX_PIXELS,
  MAX_PNG_WIDTH,
  MIN_MAX_PIXELS,
  offers,
  pngPixels,
  type SizeUnit,
  sizeUnits,
  widthOutOfLimits,
} from '@vectrace/contract';
import {
  choiceValues,
  defaultSettings,
  MAX_COLORS,
  readSetting,
  type SettingRow,
  settingConflicts,
  settingRows,
  settingRule,
  type TraceSettings,
} from '@vectrace/tracer';
import { z } from 'zod';
import { liveOrTest } from '../../live-or-test.js';

// Every field arrives as text (a form field or a query parameter): numbers are read from it.
export const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be from ${min} to ${max}`)
    .max(max, `${name} must be from ${min} to ${max}`);
export const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` });

/** The formats of a result: the vector formats, and PNG drawn from the vector. */
export const apiFormats = [...downloadFormats, 'png'] as const;
export type ApiFormat = (typeof apiFormats)[number];

/** How a result is written: asked when converting, and again when reading a job's result. */
export const resultOptions = {
  mode: oneOf('mode', liveOrTest)
    .default('live')
    .describe(
      'The job’s mode, fixed when it is made: `live` (Pro) gives the result for use; `test` is free, and its results have bands cut out of the picture.',
    ),
  format: oneOf('format', apiFormats)
    .default('svg')
    .describe('The file format of the result: a vector format, or `png` drawn from the vector.'),
  width: z.coerce
    .number({ error: 'width must be a number' })
    .positive('width must be more than 0')
    .optional()
    .describe('Output width in `unit`; the height follows the image. Default: one unit per image pixel.'),
  unit: oneOf('unit', sizeUnits)
    .default('px')
    .describe('The unit of `width`: px (96 per inch), mm or in. A PNG is drawn at 96 px per inch.'),
  background: z
    .union([z.literal('transparent'), z.string().regex(/^#[0-9a-fA-F]{6}$/)], {
      error: 'background must be transparent or a color such as #ffffff',
    })
    .default('transparent')
    .describe('PNG only: `transparent`, or a color to draw the picture on, such as `#ffffff`.'),
};

/** Checks that a width is within its unit's limits (the contract's check, as the site's), and a PNG's. */
export function widthWithinLimits(
  value: { width?: number; unit: SizeUnit; format: ApiFormat },
  ctx: z.RefinementCtx,
): void {
  const { width, unit } = value;
  // The height is known once the trace is: a PNG's area is checked then (download.ts).
  const tooWidePng =
    value.format === 'png' && width !== undefined && pngPixels(width, unit) > MAX_PNG_WIDTH
      ? `A PNG can be at most ${MAX_PNG_WIDTH} px wide`
      : undefined;
  const problem = widthOutOfLimits(value) ?? tooWidePng;
  if (problem) ctx.addIssue({ code: 'custom', path: ['width'], message: problem });
}

/** The settings the developer API takes: the rows of the engine's table with a public name. */
const apiRows = settingRows.filter((row): row is SettingRow & { api: string } => row.api !== undefined);

/**
 * One setting as a field of `POST /api/v1/vectorize`, built from its row (see `settingRule`): as
 * text, numbers read from it, on and off as `true` and `false`, lists in the words they are typed.
 */
function settingField(row: SettingRow & { api: string }) {
  const refused = `${row.api} must be ${settingRule(row, { asText: true })}`;
  const fallback = defaultSettings[row.name];
  switch (row.kind) {
    case 'percent':
      return whole(row.api, 0, 100).default(fallback as number);
    case 'choice':
      return oneOf(row.api, choiceValues(row) as [string, ...string[]]).default(fallback as string);
    case 'flag':
      return oneOf(row.api, ['true', 'false']).default(String(fallback));
    case 'colors':
      return z.union([z.literal('auto'), whole(row.api, 2, MAX_COLORS)], { error: refused }).default('auto');
    case 'width':
      return z
        .union([z.literal('auto'), z.coerce.number({ error: refused }).min(1, refused).max(100, refused)], {
          error: refused,
        })
        .default('auto');
    case 'palette':
    case 'offset':
      // Read into settings when the job is made (settingsOfOptions): the text is checked twice.
      return z
        .string()
        .refine((text) => readSetting(row, text) !== undefined, { message: refused })
        .optional();
  }
}

/** The fields of the settings, in the table's order, each with what it does. */
const settingFieldsOf = (rows: typeof apiRows): Record<string, z.ZodType> =>
  Object.fromEntries(rows.map((row) => [row.api, settingField(row).describe(row.apiHelp ?? '')]));

/**
 * The trace settings as fields of `POST /api/v1/vectorize` (between the result's options and how
 * long its files are kept): those of the trace, `maxPixels`, then how the file is written.
 */
export const settingsFields = {
  ...settingFieldsOf(apiRows.filter((row) => !row.scope.includes('output'))),
  maxPixels: whole('maxPixels', MIN_MAX_PIXELS, MAX_PIXELS)
    .optional()
    .describe(
      'A larger image is reduced to at most this many pixels (width × height, its aspect ratio kept) before it is traced; the result is drawn at the reduced size. Default: the image as it is.',
    ),
  ...settingFieldsOf(apiRows.filter((row) => row.scope.includes('output'))),
};

/** The settings a vectorize call's fields give, as the engine takes them (checked already). */
export function settingsOfOptions(options: Record<string, unknown>): TraceSettings {
  const given = (row: (typeof apiRows)[number]) => {
    const text = options[row.api];
    return text === undefined ? defaultSettings[row.name] : readSetting(row, String(text));
  };
  return Object.fromEntries(apiRows.map((row) => [row.name, given(row)])) as unknown as TraceSettings;
}

/** The settings that cannot be combined, refused in the API's words (see `settingConflicts`). */
export function refuseConflicts(options: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const settings = settingsOfOptions(options);
  for (const { conflict, apiMessage } of settingConflicts) {
    if (conflict(settings)) ctx.addIssue({ code: 'custom', path: ['shapes'], message: apiMessage });
  }
}

/** Every error: a code to branch on and a sentence to show. */
export const errorSchema = z
  .object({
    code: errorCodeSchema.extract(apiErrorCodes).describe('Stable: branch on this.'),
    message: z.string().describe('For people: what happened and what to do.'),
  })
  .meta({
    id: 'Error',
    examples: [
      {
        code: 'plan_required',
        message: `Live API calls come with Pro (${offers.pro.price}/month). Use mode=test to try the API for free (results are marked).`,
      },
    ],
  });
