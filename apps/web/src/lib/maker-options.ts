import {
  type ConversionSettings,
  conversionSettingsSchema,
  fromPixels,
  MAX_OFFSET_MM,
  MAX_PALETTE,
  type offsetUnits,
  readPalette,
  toPixels,
} from '@vectrace/contract';

/** A typed value as the settings take it, or the sentence the server would answer for it. */
export type Checked<T> = { value: T } | { problem: string };

/** A cut contour's offset unit: px, mm or in. */
export type OffsetUnit = (typeof offsetUnits)[number];

/** The offset a cut contour starts from when it is switched on: a usual sticker margin. */
export const firstCutContour = { offset: 2, unit: 'mm' } as const satisfies NonNullable<
  ConversionSettings['cutContour']
>;

/** A typed stroke width: empty is Auto (measured from the image), else 1 to 100 pixels. */
export function checkStrokeWidth(text: string): Checked<ConversionSettings['strokeWidth']> {
  const typed = text.trim();
  if (typed === '') return { value: 'auto' };
  const parsed = conversionSettingsSchema.shape.strokeWidth.safeParse(Number(typed));
  return parsed.success ? { value: parsed.data } : { problem: firstMessage(parsed.error) };
}

/** A typed cut contour offset in a unit, checked with the server's limit (0 to 50 mm). */
export function checkCutContour(
  text: string,
  unit: OffsetUnit,
): Checked<NonNullable<ConversionSettings['cutContour']>> {
  const typed = text.trim();
  // An empty field is no number at all, not 0.
  const parsed = conversionSettingsSchema.shape.cutContour.safeParse({
    offset: typed === '' ? Number.NaN : Number(typed),
    unit,
  });
  if (!parsed.success) return { problem: firstMessage(parsed.error) };
  return parsed.data ? { value: parsed.data } : { problem: 'Type an offset' };
}

/**
 * The palette with the typed colors added: one or several, separated by commas, as `#rrggbb`,
 * `rrggbb` or `#rgb`. Colors already in it are not added twice.
 */
export function addColors(palette: readonly string[], text: string): Checked<string[]> {
  const typed = text
    .split(',')
    .map((color) => color.trim())
    .map((color) => (/^#?[0-9a-f]{3}$/i.test(color) ? color.replace(/([0-9a-f])/gi, '$1$1') : color))
    .join(',');
  const colors = readPalette(typed);
  if (!colors) return { problem: 'Write a color as #rrggbb, and several separated by commas' };
  const next = [...new Set([...palette, ...colors])];
  if (next.length > MAX_PALETTE) return { problem: `A palette holds up to ${MAX_PALETTE} colors` };
  return { value: next };
}

const digitsOf: Record<OffsetUnit, number> = { px: 0, mm: 1, in: 2 };

/** An offset in another unit, rounded as people type it: whole pixels, tenths of mm, hundredths of in. */
export function convertOffset(offset: number, from: OffsetUnit, to: OffsetUnit): number {
  if (from === to) return offset;
  const step = 10 ** digitsOf[to];
  const rounded = Math.round(fromPixels(toPixels(offset, from), to) * step) / step;
  // 50 mm is 1.9685 in: rounding must not carry the widest offset past the limit.
  const widest = Math.floor(fromPixels(toPixels(MAX_OFFSET_MM, 'mm'), to) * step + 1e-9) / step;
  return Math.min(rounded, widest);
}

function firstMessage(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Check this value';
}
