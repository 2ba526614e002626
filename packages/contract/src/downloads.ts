import { smallestOutputWidth, toPixels } from '@vectrace/tracer';
import { z } from 'zod';

/** The vector formats a download can be written in; PNG is drawn from the SVG in the browser. */
export const downloadFormats = ['svg', 'eps', 'pdf', 'dxf'] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

/** How each format is named to people, with what it is for. */
export const formatDetails: Record<DownloadFormat, { label: string; use: string }> = {
  svg: { label: 'SVG', use: 'web, design tools and cutting machines' },
  eps: { label: 'EPS', use: 'print shops and older design tools' },
  pdf: { label: 'PDF', use: 'print and sharing' },
  dxf: { label: 'DXF', use: 'CAD, laser cutting and engraving' },
};

/** The units an output size can be given in; px are CSS pixels, 96 to the inch. */
export const sizeUnits = ['px', 'mm', 'in'] as const;
export type SizeUnit = (typeof sizeUnits)[number];

/**
 * The name a download is saved under: the image's own name (letters, digits, spaces, dots and
 * dashes kept), the width when one was asked, the format: `logo.svg`, `logo-100mm.pdf`.
 */
export function downloadFileName(
  format: DownloadFormat | 'png',
  imageName: string,
  size: { width?: number; unit?: SizeUnit } = {},
): string {
  const base =
    imageName
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w .-]/g, '_')
      .replace(/^[\s.]+|\s+$/g, '') || 'vector';
  const width = size.width === undefined ? '' : `-${size.width}${size.unit ?? 'px'}`;
  return `${base}${width}.${format}`;
}

/** The largest output width that can be asked for, per unit (about 5 m). */
export const maxOutputWidth: Record<SizeUnit, number> = { px: 20_000, mm: 5_000, in: 200 };

/**
 * The longest side of a PNG export, in pixels: a custom width goes up to it, and a tall image's
 * height is held to it too (Chromium refuses canvases much past 16384 px a side, and 8192² is 256 MB).
 */
export const MAX_PNG_SIDE = 8192;

/** The widest PNG, in pixels (the side the pages promise), and the most pixels one may hold. */
export const MAX_PNG_WIDTH = MAX_PNG_SIDE;
export const MAX_PNG_PIXELS = MAX_PNG_SIDE * 4096;

/** A width in pixels of a PNG, drawn at 96 pixels to the inch. */
export function pngPixels(width: number, unit: SizeUnit): number {
  return Math.round(toPixels(width, unit));
}

const formatSchema = z
  .enum(downloadFormats, { error: `format must be one of: ${downloadFormats.join(', ')}` })
  .default('svg');
const unitSchema = z.enum(sizeUnits, { error: `unit must be one of: ${sizeUnits.join(', ')}` }).default('px');
const widthSchema = z.coerce
  .number({ error: 'width must be a number' })
  .positive('width must be more than 0')
  .optional();

/**
 * Checks that a width is within its unit's limits (the engine's smallest, a page of about 1 mm;
 * about 5 m): the one check of output sizes, used by the site's download and ZIP and by the API's
 * results (its schemas add the PNG's pixel limit).
 */
export function widthWithinLimits(value: { width?: number; unit: SizeUnit }, ctx: z.RefinementCtx): void {
  const problem = widthOutOfLimits(value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['width'], message: problem });
}

/** Why a width is outside its unit's limits, or undefined (0 and below are the schema's to refuse). */
export function widthOutOfLimits({ width, unit }: { width?: number; unit: SizeUnit }): string | undefined {
  if (width === undefined || width <= 0) return undefined;
  if (width > maxOutputWidth[unit]) return `width must be at most ${maxOutputWidth[unit]} ${unit}`;
  if (width < smallestOutputWidth[unit]) return `width must be at least ${smallestOutputWidth[unit]} ${unit}`;
  return undefined;
}

/**
 * `GET /api/download/{id}?format&width&unit`: the result in a format, at an output width (the
 * height follows the image's own proportions); without a width, one unit per image pixel.
 */
export const downloadQuerySchema = z
  .object({ format: formatSchema, width: widthSchema, unit: unitSchema })
  .superRefine(widthWithinLimits);
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

/** Conversions one ZIP may hold. */
export const MAX_ZIP_CONVERSIONS = 100;

/** `GET /api/downloads/zip?ids=a,b,c&format&width&unit`: several results in one ZIP. */
export const zipQuerySchema = z
  .object({
    ids: z
      .string({ error: 'ids is required: the conversions to download, separated by commas' })
      .transform((ids) => [
        ...new Set(
          ids
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(z.uuid('ids must be conversion ids separated by commas'))
          .min(1, 'ids is required: the conversions to download, separated by commas')
          .max(MAX_ZIP_CONVERSIONS, `At most ${MAX_ZIP_CONVERSIONS} conversions fit in one ZIP`),
      ),
    format: formatSchema,
    width: widthSchema,
    unit: unitSchema,
  })
  .superRefine(widthWithinLimits);
export type ZipQuery = z.infer<typeof zipQuerySchema>;

/** Images a Pro user can drop at once (a batch); everyone else converts one at a time. */
export const MAX_BATCH_FILES = 20;
