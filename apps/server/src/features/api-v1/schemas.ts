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
  backgrounds,
  cornerDetections,
  defaultSettings,
  drawStyles,
  groupings,
  layerings,
  MAX_COLORS,
  qualities,
  readAs,
  readCutContour,
  readPalette,
  svgVersions,
  traceModes,
  traceTargets,
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

/**
 * The trace settings as fields of `POST /api/v1/vectorize`, each with what it does (between the
 * result's options and how long its files are kept).
 */
export const settingsFields = {
  traceMode: oneOf('traceMode', traceModes)
    .default(defaultSettings.mode)
    .describe(
      "`auto` reads the image and picks `bw`, `color` or `pixel` (the job's `reading` says which); `bw` traces outlines in one color; `color` traces color layers; `pixel` traces every pixel as an exact square; `centerline` draws one open stroke along the middle of each line (plotters, engravers, single-line cuts).",
    ),
  read: oneOf('read', readAs)
    .default(defaultSettings.read)
    .describe(
      '`page` reads the ink against the paper around it (scans, photos of pages); `picture` never does; `auto` when the image looks like a page.',
    ),
  invert: oneOf('invert', ['true', 'false'])
    .default('false')
    .describe(
      '`true` reads the light parts as the ink (light lines on a dark ground: a chalkboard, white engraving lines, a blueprint), in `bw` as black lines, in `centerline` as one stroke per line. `color` and `pixel` ignore it; `auto` reads lines of one ink on a plain dark ground that way by itself when that keeps the picture, and keeps its look (the lines in their color over the dark ground).',
    ),
  colors: z
    .union([z.literal('auto'), whole('colors', 2, MAX_COLORS)], {
      error: `colors must be a whole number from 2 to ${MAX_COLORS}, or auto`,
    })
    .default('auto')
    .describe(
      `Color mode: exactly this many colors, 2 to ${MAX_COLORS} (when the image has as many), or \`auto\`. Past 32 colors a large image is traced smaller, halved until it has at most 48 000 000 ÷ colors pixels (750 000 at 64 colors), to stay within a trace's time; the result is still drawn at the image's size.`,
    ),
  // Text, read into settings when the job is made (vectorize/start-conversion.ts): the query is
  // checked twice.
  palette: z
    .string()
    .refine((text) => (readPalette(text)?.length ?? 33) <= 32, {
      message: 'palette must be up to 32 colors as #rrggbb, separated by commas',
    })
    .optional()
    .describe('Color mode: only these colors, each region taking the nearest, e.g. `#000000,#ff0000`.'),
  traceBackground: oneOf('traceBackground', backgrounds)
    .default(defaultSettings.background)
    .describe('Color mode: `remove` leaves the background out, transparent, inside the picture too.'),
  layering: oneOf('layering', layerings)
    .default(defaultSettings.layering)
    .describe(
      '`stacked` layers each cover what lies under the next; `cutout` shapes never overlap (vinyl, screen printing), with a gap filler under the seams (a stroke that no shape lets show) so no background shows between them.',
    ),
  strokeWidth: z
    .union(
      [
        z.literal('auto'),
        z.coerce
          .number({ error: 'strokeWidth must be a number from 1 to 100, or auto' })
          .min(1, 'strokeWidth must be from 1 to 100, or auto')
          .max(100, 'strokeWidth must be from 1 to 100, or auto'),
      ],
      { error: 'strokeWidth must be a number from 1 to 100, or auto' },
    )
    .default('auto')
    .describe('Centerline mode: the stroke width in image pixels, or `auto` to measure it.'),
  shapes: oneOf('shapes', ['true', 'false'])
    .default('false')
    .describe(
      '`true` writes straight runs as lines and circles, ellipses and arcs as true arcs (DXF: LINE, ARC, CIRCLE, ELLIPSE).',
    ),
  cutContour: z
    .string()
    .refine((text) => readCutContour(text) !== undefined, {
      message: 'cutContour must be an offset from 0 to 50 mm, as 2mm, 0.1in or 8px',
    })
    .optional()
    .describe(
      "A sticker cut line around the visible shape, this far outside it: `2mm`, `0.1in` or `8px` (mm and in at 96 px per inch of the image). Written as a path or layer named `cut`; where it runs off the image, the page (SVG viewBox, PDF and EPS page, PNG) grows to hold it, `width` staying the image's.",
    ),
  trace: oneOf('trace', traceTargets)
    .default(defaultSettings.trace)
    .describe('`alpha` traces the silhouette of the opaque pixels, for stencils.'),
  threshold: whole('threshold', 0, 100)
    .default(defaultSettings.threshold)
    .describe('0 to 100; lower keeps fainter strokes.'),
  smoothness: whole('smoothness', 0, 100)
    .default(defaultSettings.smoothness)
    .describe('0 to 100; higher smooths jagged edges into curves.'),
  cornerDetection: oneOf('cornerDetection', cornerDetections)
    .default(defaultSettings.cornerDetection)
    .describe('How readily a bend becomes a sharp corner.'),
  quality: oneOf('quality', qualities)
    .default(defaultSettings.quality)
    .describe('`high` fits curves more closely, for final output.'),
  maxPixels: whole('maxPixels', MIN_MAX_PIXELS, MAX_PIXELS)
    .optional()
    .describe(
      'A larger image is reduced to at most this many pixels (width × height, its aspect ratio kept) before it is traced; the result is drawn at the reduced size. Default: the image as it is.',
    ),
  drawStyle: oneOf('drawStyle', drawStyles)
    .default(defaultSettings.drawStyle)
    .describe(
      '`fillShapes` fills every shape; `strokeShapes` strokes each shape’s outline (1 px, in its color) and fills nothing; `strokeEdges` strokes each edge between shapes once, in the color of the shape on top (a border two shapes share is one stroke; color mode traces cut-out shapes for it). Stroked, there is no background rectangle. PDF and EPS stroke as the SVG does; DXF, which has no fills, writes the same outlines (the edges once). Not with `shapes=true` for `strokeEdges`.',
    ),
  groupBy: oneOf('groupBy', groupings)
    .default(defaultSettings.groupBy)
    .describe(
      'SVG: `none` writes the paths one after another; `color` one `<g id="color-rrggbb">` per color, holding its paths; `layer` one `<g id="layer-N">` per layer of the stacking, in painting order (a cut contour and the gap filler are layers of their own).',
    ),
  svgVersion: oneOf('svgVersion', svgVersions)
    .default(defaultSettings.svgVersion)
    .describe(
      'SVG: `1.1`, or `tiny` for SVG Tiny 1.2 (`version="1.2" baseProfile="tiny"`; arcs written as cubic curves, opacity as `fill-opacity`).',
    ),
  adobeCompatible: oneOf('adobeCompatible', ['true', 'false'])
    .default('false')
    .describe(
      'SVG: `true` writes what Adobe Illustrator reads as drawn: `version` on the root element, every color as `#rrggbb`, `fill-rule="nonzero"` on every filled path, and path data in full (every command letter, numbers always apart, `0.5` not `.5`). The SVG never has CSS, `<style>`, `vector-effect` or `transform` in any case.',
    ),
};

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
