import {
  backgrounds,
  cornerDetections,
  defaultSettings,
  drawStyles,
  groupings,
  layerings,
  MAX_COLORS,
  MAX_OFFSET_PIXELS,
  MAX_PIXELS,
  offsetPixels,
  offsetUnits,
  qualities,
  readAs,
  svgVersions,
  traceModes,
  traceTargets,
} from '@vectrace/tracer';
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

const colorsMessage = `Colors must be a whole number from 2 to ${MAX_COLORS}, or auto`;

const strokeWidthMessage = 'Stroke width must be a number of pixels from 1 to 100, or auto';
const paletteMessage = 'The palette must be up to 32 colors written #rrggbb';
const SHAPES_WITH_CUTOUT = 'True shapes and cut-out layering cannot be combined: choose one of them';
const SHAPES_WITH_EDGES = 'True shapes and stroked edges cannot be combined: choose one of them';
const cutContourMessage = 'The cut contour must be an offset from 0 to 50 mm (in px, mm or in)';

/** The makers' options: centerline strokes, palette, layering, true shapes, cut contour, alpha. */
const makerSettings = {
  strokeWidth: z
    .union([z.literal('auto'), z.number().min(1, strokeWidthMessage).max(100, strokeWidthMessage)], {
      error: strokeWidthMessage,
    })
    .default('auto'),
  palette: z
    .array(z.string().regex(/^#[0-9a-fA-F]{6}$/, paletteMessage), { error: paletteMessage })
    .max(32, paletteMessage)
    .default([]),
  background: oneOf('Background', backgrounds, defaultSettings.background),
  layering: oneOf('Layering', layerings, defaultSettings.layering),
  shapes: z.boolean({ error: 'Shapes must be true or false' }).default(false),
  cutContour: z
    .object(
      {
        offset: z.number({ error: cutContourMessage }).min(0, cutContourMessage),
        unit: z.enum(offsetUnits, { error: cutContourMessage }),
      },
      { error: cutContourMessage },
    )
    .refine((cut) => offsetPixels(cut) <= MAX_OFFSET_PIXELS, cutContourMessage)
    .nullable()
    .default(null),
  trace: oneOf('Trace', traceTargets, defaultSettings.trace),
};

/** The least `maxPixels`: a 10 × 10 image. */
export const MIN_MAX_PIXELS = 100;
const maxPixelsMessage = `maxPixels must be a whole number from ${MIN_MAX_PIXELS} to ${MAX_PIXELS}`;

/** How the result is written: its draw style, and the SVG's grouping, profile and Illustrator form. */
const outputSettings = {
  drawStyle: oneOf('drawStyle', drawStyles, defaultSettings.drawStyle),
  groupBy: oneOf('groupBy', groupings, defaultSettings.groupBy),
  svgVersion: oneOf('svgVersion', svgVersions, defaultSettings.svgVersion),
  adobeCompatible: z.boolean({ error: 'adobeCompatible must be true or false' }).default(false),
  /** A larger image is reduced to at most this many pixels before it is traced; null: as it is. */
  maxPixels: z
    .number({ error: maxPixelsMessage })
    .int(maxPixelsMessage)
    .min(MIN_MAX_PIXELS, maxPixelsMessage)
    .max(MAX_PIXELS, maxPixelsMessage)
    .nullable()
    .default(null),
};

/** Conversion settings (spec section 3, plus `mode`, `colors`, `read`, `invert` and the makers' options); missing fields take their defaults. */
export const conversionSettingsSchema = z
  .object({
    smoothness: percent('Smoothness', defaultSettings.smoothness),
    threshold: percent('Threshold', defaultSettings.threshold),
    cornerDetection: oneOf('Corner detection', cornerDetections, defaultSettings.cornerDetection),
    quality: oneOf('Quality', qualities, defaultSettings.quality),
    mode: oneOf('Mode', traceModes, defaultSettings.mode),
    colors: z
      .union(
        [
          z.literal('auto'),
          z.number().int(colorsMessage).min(2, colorsMessage).max(MAX_COLORS, colorsMessage),
        ],
        {
          error: colorsMessage,
        },
      )
      .default('auto'),
    read: oneOf('Read as', readAs, defaultSettings.read),
    invert: z.boolean({ error: 'Light lines on a dark ground must be true or false' }).default(false),
    ...makerSettings,
    ...outputSettings,
  })
  .refine((s) => !(s.shapes && s.layering === 'cutout'), {
    message: SHAPES_WITH_CUTOUT,
    path: ['shapes'],
  })
  .refine((s) => !(s.shapes && s.drawStyle === 'strokeEdges'), {
    message: SHAPES_WITH_EDGES,
    path: ['shapes'],
  });

/** The settings of one conversion, every field present. */
export type ConversionSettings = z.infer<typeof conversionSettingsSchema>;
