/*
 * The pipeline. Decoding a file is outside the engine (decode.ts, the CLI, the server): an RGBA
 * raster comes in, a VectorImage goes out.
 *
 *   RGBA → alpha.ts (trace 'alpha': the silhouette) → reading.ts (mode 'auto' picks the mode)
 *        → draft.ts, cost.ts (a big or busy picture is traced smaller), then by mode:
 *
 *     bw          ink/ (what is ink: levels, Otsu, Sauvola, the page, thin lines) → outline/
 *     color       color/ (palette → regions → layers, or cut-out boundaries) → outline/
 *     centerline  ink/ → centerline/ (thinning → stroke graph → open curves)
 *     pixel       pixel/ (a square a pixel, merged by color)
 *
 *   outline/ is potrace's core, on a bitmap (or on a cut-out's open boundary):
 *     1 path decomposition           decompose.ts (corners placed sub-pixel: subpixel.ts)
 *     2 optimal polygon              polygon.ts
 *     3 vertex adjustment            polygon.ts
 *     4 smoothing, corner analysis   curve.ts (smooth)
 *     5 curve optimization           curve.ts (optimizeCurve)
 *
 *   → shapes/ (true lines, circles, arcs) → cut-contour/ → VectorImage → export/ (a writer a format)
 *
 *   geometry/ holds the arithmetic and fits the stages share (after potrace's auxiliary.h).
 */
import { silhouette } from './alpha.js';
import { traceBw } from './bw/trace-bw.js';
import { traceCenterline } from './centerline/trace-centerline.js';
import { traceColor } from './color/trace-color.js';
import { costWeight, pixelBudget, withinCost } from './cost.js';
import { cutContour } from './cut-contour/contour.js';
import { pageMargin } from './cut-contour/page-margin.js';
import { DRAFT_HALVING_SIDE, halve } from './draft.js';
import { TraceError } from './errors.js';
import { scaleLayers } from './geometry/scale.js';
import { flatInk } from './ink/ink-color.js';
import { inkMap } from './ink/ink-map.js';
import { inPictureColors, inverted } from './ink/invert.js';
import { lightAndDark, looksLikeLightLinesOnDark } from './ink/light-on-dark.js';
import {
  type Color,
  isArtwork,
  type Layer,
  type RasterImage,
  type Reading,
  type StageTimings,
  type VectorImage,
} from './model.js';
import { releaseWork } from './outline/work.js';
import { toParams } from './params.js';
import { tracePixel } from './pixel/trace-pixel.js';
import { readImage } from './reading.js';
import { bwKeepsPicture, lightLinesKeepPicture } from './reading-check.js';
import {
  type CutContour,
  defaultSettings,
  MAX_PIXELS,
  offsetPixels,
  type TraceSettings,
  validSettings,
} from './settings/index.js';
import { assertShapesWithinBudget, fitShapes } from './shapes/fit-shapes.js';
import { withoutSubpixelFringes } from './subpixel-text.js';
import { lap, timed } from './timings.js';

/**
 * Traces an RGBA raster into filled vector layers. Deterministic: the same image and settings
 * always give the same model (timings aside).
 */
export function trace(
  input: RasterImage,
  settings: Partial<TraceSettings> = {},
): VectorImage & { reading: Reading } {
  try {
    return traceImage(input, settings);
  } finally {
    releaseWork();
  }
}

function traceImage(
  input: RasterImage,
  settings: Partial<TraceSettings>,
): VectorImage & { reading: Reading } {
  const original = input;
  let image = input;
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new TraceError('invalid-image', `The image size ${width}x${height} is not valid`);
  }
  if (width * height > MAX_PIXELS) {
    throw new TraceError('too-large', 'The image is larger than 50 megapixels');
  }
  if (data.length !== width * height * 4) {
    throw new TraceError('invalid-image', 'The pixel data does not match the image size (RGBA expected)');
  }
  // A setting given as undefined means "the default", not "no value".
  const given = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  const full = validSettings({ ...defaultSettings, ...given });
  const timings: StageTimings = {};
  const start = performance.now();
  const alpha = full.trace === 'alpha';
  // The alpha's silhouette is black ink on white: traced in bw, or along its middle.
  if (alpha) image = silhouette(image);
  const read = full.mode === 'auto' && !alpha ? readImage(image, full.read) : undefined;
  // Subpixel-rendered text is gray text: color traces, as the reading read, the picture with its
  // colored fringes gray (see subpixel-text.ts).
  if (read) image = read.image;
  else if (full.mode === 'color' && !alpha) image = withoutSubpixelFringes(image);
  // Light lines on a dark ground (a chalkboard, white engraving lines, a blueprint): ink is light,
  // when reading it so keeps the picture.
  const lines =
    read && read.reading.kind !== 'pixel-art' && full.read !== 'page' && looksLikeLightLinesOnDark(image)
      ? lightLinesKeepPicture(image, toParams(full, 'bw', image).cutShift)
      : undefined;
  const lightLines = lines !== undefined;
  if (read) lap(timings, 'reading', start);
  let mode = lightLines ? 'bw' : (read?.reading.mode ?? (full.mode === 'auto' ? 'bw' : full.mode));
  const invert = !alpha && (full.invert || lightLines) && (mode === 'bw' || mode === 'centerline');
  if (invert) image = lines?.negative ?? inverted(image);
  // Draft trades detail for speed where there are pixels to spare: a big image at half size
  // (never pixel art, whose every pixel counts).
  const halved =
    full.quality === 'draft' && mode !== 'pixel' && Math.min(width, height) >= DRAFT_HALVING_SIDE;
  // An image with more fine detail than a trace can take on is traced smaller (see cost.ts); pixel
  // art at its cells' size, which pixel/ guards itself.
  const { image: source, factor: reduced } =
    mode === 'pixel'
      ? { image, factor: 1 }
      : withinCost(halved ? halve(image) : image, costWeight(mode, full), pixelBudget(mode, full));
  const factor = (halved ? 2 : 1) * reduced;
  let ink = source === image ? (invert ? lines?.ink : read?.ink) : undefined;
  let checked: Reading | undefined;
  if (read && mode === 'bw' && !invert) {
    // The reading checks its own result: black and white that loses much of the picture (a gray
    // ground, shading) is not taken; color keeps it.
    ink ??= inkMap(source, full.read);
    const at = performance.now();
    if (!bwKeepsPicture(source, ink, toParams(full, mode, source).cutShift)) {
      checked = { mode: 'color', kind: 'shades' };
      mode = 'color';
    }
    lap(timings, 'check', at);
  }
  const params = toParams(full, mode, source);
  let traced: { layers: Layer[]; background?: Color; page?: boolean; reducedBy?: number } =
    mode === 'pixel'
      ? tracePixel(source, source === image ? read?.cells : undefined)
      : mode === 'color'
        ? traceColor(source, params, timings)
        : mode === 'centerline'
          ? traceCenterline(source, params, timings)
          : traceBw(source, params, timings, ink);
  let reading: Reading = alpha
    ? { mode, kind: 'silhouette' }
    : mode === 'bw'
      ? { mode, kind: traced.page ? 'page' : 'ink' }
      : (checked ?? read?.reading ?? { mode, kind: defaultKind[mode] });
  if (read && !invert && traced.layers.length === 0 && mode === 'bw') {
    // Nothing dark enough to be ink (light art on a light ground): its colors are the picture.
    reading = { mode: 'color', kind: 'light-art' };
    traced = traceColor(source, toParams(full, 'color', source), timings);
  } else if (read && reading.kind === 'shades' && traced.layers.length === 0) {
    // Gray read as tones that color flattens into its background (stripes finer than its regions):
    // black and white keeps what it can of them.
    const bw = traceBw(source, toParams(full, 'bw', source), timings);
    if (bw.layers.length > 0) {
      traced = bw;
      reading = { mode: 'bw', kind: bw.page ? 'page' : 'ink' };
    }
  }
  // The automatic mode keeps the picture's looks: the light lines in their color on their ground,
  // flat dark ink (a logo's #231F20) in its own color and opacity.
  if (read && invert) traced = inPictureColors(traced.layers, lines?.colors ?? lightAndDark(original));
  const own = read && !invert && reading.kind === 'ink' ? flatInk(source) : undefined;
  if (own) traced = { ...traced, layers: traced.layers.map((layer) => ({ ...layer, ...own })) };
  if (lightLines) reading = { mode: 'bw', kind: 'light-lines' };
  let layers = factor > 1 ? scaleLayers(traced.layers, factor, { gapFiller: false }) : traced.layers;
  if (full.shapes && mode !== 'pixel') {
    assertShapesWithinBudget(layers);
    layers = timed(timings, 'shapes', () => fitShapes(layers));
  }
  // The page grows round the image by what the cut contour needs to lie on it.
  let margin = 0;
  if (full.cutContour) {
    const contour = timed(timings, 'cut', () =>
      cutContour(original, offsetPixels(full.cutContour as CutContour)),
    );
    if (contour) layers = [...layers, contour];
    margin = contour ? pageMargin(contour, width, height) : 0;
  }
  return {
    width,
    height,
    ...(traced.background ? { background: traced.background } : {}),
    layers,
    reading,
    vectorCount: countCurves(layers),
    ...(reduced * (traced.reducedBy ?? 1) > 1 ? { reducedBy: reduced * (traced.reducedBy ?? 1) } : {}),
    ...(margin > 0 ? { margin } : {}),
    timings,
  };
}

/** What a mode asked for by name traces the image as. */
const defaultKind = { pixel: 'pixel-art', color: 'color', centerline: 'strokes' } as const;

/** The curves of the artwork: a cut contour and a gap filler are not part of the picture. */
function countCurves(layers: Layer[]): number {
  return layers.reduce((sum, layer) => sum + (isArtwork(layer) ? layer.subpaths.length : 0), 0);
}
