import type { Color, Layer, RasterImage, StageTimings } from '../model.js';
import type { TraceParams } from '../params.js';
import { labelLoss } from '../picture-loss.js';
import { lap } from '../timings.js';
import { splitBackground } from './background.js';
import { unblendEdges } from './blends.js';
import { labDistance, labelColors, strokeColors } from './colors.js';
import { traceCutout } from './cutout.js';
import { denoise } from './denoise.js';
import { findGradients, type Shading, type ShadingExtent } from './gradients.js';
import { regionGraph } from './graph.js';
import { buildHistogram, type Histogram } from './histogram.js';
import { type LabelledImage, traceLayers } from './layers.js';
import { oklabToSrgb } from './oklab.js';
import { buildPalette, type Palette } from './palette.js';
import { readPixels } from './pixels.js';
import { reduceLabels, toPalette } from './reduce.js';
import { findRegions, joinInkPieces, mergeSpeckles, type RegionMap } from './regions.js';
import { labelAreas, relabel } from './relabel.js';
import { findRuns, labelPixels } from './runs.js';
import { isSmaller, type ResultSize, sizeOf } from './size.js';
import { smoothFaintEdges } from './smooth.js';
import { mergeTextures } from './texture.js';

/** OKLab distance below which a neighbouring patch is texture of the same area, not a shape. */
const FAINT = 0.09;
/** Faint patches merge up to this many times the smallest region. */
const FAINT_AREA = 8;

/**
 * Color mode: reduce the picture to the palette of colors it is painted with, merge speckles
 * into their surroundings, and trace the colors as stacked layers, or as cut-out shapes that do
 * not overlap (`params.cutout`, see traceCutout). An opaque picture gets the color most common
 * along its border as a background rectangle (cut out, a shape of its own; removed,
 * `params.removeBackground`, nothing: its regions stay transparent); a picture with transparent
 * pixels gets no background, and its transparent areas stay transparent. A fixed palette size
 * (`params.colors`) gives that many colors when the picture has them; a palette given
 * (`params.palette`) paints each color in the one of it nearest in OKLab. Smooth shading is
 * painted with gradients (`params.gradients`, see findGradients); the automatic mode's own choice
 * keeps them only where the result comes out smaller (see `smaller`). Stage times go into
 * `timings` (palette, regions, outlines).
 */
export function traceColor(
  image: RasterImage,
  params: TraceParams,
  timings: StageTimings,
): { background?: Color; layers: Layer[] } {
  const { width, height } = image;
  let t = performance.now();
  const pixels = readPixels(image);
  const { color, grain } = denoise(pixels.color, width, height);
  const { alpha, clear } = pixels;
  const hist = buildHistogram(color, width, height, clear);
  let palette = buildPalette(hist, params.colors, params.minColorArea, grain);
  t = lap(timings, 'palette', t);
  let regions = regionsOfLabels(color, hist, palette, clear, width, height, params, grain);
  const automatic = params.colors === 0 && params.palette.length === 0;
  const first = palette;
  // The automatic palette checks what its labels lose of the picture. Shading it took for edge
  // blends of two of its colors (a gray sprite among black and white ones), or for a mottle of
  // specks, is lost; the palette of every pixel's colors is then taken where it keeps more.
  const unexplained = palette.far >= MAX_LABEL_LOSS * width * height;
  if (automatic && unexplained) {
    const loss = labelLoss(image);
    const lost = loss(regions.labels, regions.paletteRgb);
    if (lost > MAX_LABEL_LOSS) {
      const all = buildPalette(hist, 0, params.minColorArea, grain, 1, true);
      const next = regionsOfLabels(color, hist, all, clear, width, height, params, grain);
      if (loss(next.labels, next.paletteRgb) < lost) {
        palette = all;
        regions = next;
      }
    }
  }
  if (automatic && palette === first && Math.max(width, height) <= MISSED_SIDE) {
    // Unless every pixel's colors were taken: on a small picture, colors painted only in blends
    // (see buildPalette's `missedFrom`: a knight's brown mace shaft and face on 160 px, a sprite's
    // yellow boots on 64, were lost to their grays) are taken where their labels lose less of it,
    // compared pixel by pixel, or as little and the labels' colors are closer to the pixels'.
    const fuller = buildPalette(hist, 0, params.minColorArea, grain, 1, false, palette);
    if (fuller.size > palette.size) {
      const next = regionsOfLabels(color, hist, fuller, clear, width, height, params, grain);
      const loss = labelLoss(image, MISSED_SIDE);
      const before = loss(regions.labels, regions.paletteRgb);
      const after = loss(next.labels, next.paletteRgb);
      const closer =
        labelError(color, next.labels, next.paletteRgb, clear) <
        labelError(color, regions.labels, regions.paletteRgb, clear);
      if (after < before || (after === before && closer)) {
        palette = fuller;
        regions = next;
      }
    }
  }
  // With a fixed palette size, colors that were only specks or mottle merge away: ask for more
  // colors (closer together, when the picture has no more that far apart) and join the closest
  // afterwards, so that exactly as many remain as asked for when the picture has them.
  if (params.colors > 0) {
    let kept = survivors(regions.map, regions.spare);
    let asked = params.colors;
    let spread = 1;
    let gained = true;
    for (let tries = 0; tries < MORE_TRIES && kept < params.colors; tries++) {
      if (palette.size < asked || !gained) {
        if (spread <= MIN_SPREAD) break;
        spread /= 2;
      }
      asked = Math.min(moreMax(params.colors), asked + params.colors - kept);
      const more = buildPalette(hist, asked, params.minColorArea, grain, spread);
      const next = regionsOfLabels(color, hist, more, clear, width, height, params, grain, spread);
      const nextKept = survivors(next.map, next.spare);
      gained = nextKept > kept;
      if (gained) {
        palette = more;
        regions = next;
        kept = nextKept;
      }
    }
  }
  const { labels, paletteRgb, spare } = regions;
  let { map, entryLabel } = regions;
  const fixed = clear ? spare : -1;
  const count = spare + 1;
  const relabelled = (to: Uint8Array) => {
    entryLabel = entryLabel.map((l) => to[l]);
    map = relabel(map, labels, to, params.minRegion);
  };
  if (params.colors > 0 && survivors(map, spare) > params.colors) {
    const rgb = labelColors(hist, entryLabel, palette.entryNear, count, paletteRgb);
    relabelled(reduceLabels(rgb, labelAreas(map, count), params.colors, fixed));
  }
  // Every color asked for is drawn, if only as a speck that the outlines would drop.
  if (params.colors > 0) keepEveryLabel(map, Math.max(params.turdsize, params.minRegion - 1));
  let fill: Float64Array | undefined;
  if (params.palette.length > 0) {
    const rgb = labelColors(hist, entryLabel, palette.entryNear, count, paletteRgb);
    const mapped = toPalette(rgb, labelAreas(map, count), params.palette, fixed);
    relabelled(mapped.to);
    fill = mapped.fill;
  }
  const groundLabel = clear ? spare : splitBackground(map, labels, spare, !params.removeBackground);
  const labelRgb = labelColors(hist, entryLabel, palette.entryNear, count, paletteRgb);
  // Transparency stays white; inner background regions keep the background's color.
  for (const rgb of fill ? [labelRgb, fill] : [labelRgb]) {
    if (clear) rgb.fill(255, spare * 3, spare * 3 + 3);
    else rgb.copyWithin(spare * 3, groundLabel * 3, groundLabel * 3 + 3);
  }
  // Thin strokes on the paper are painted in the color they show where they cover a pixel whole
  // (see strokeColors). Their edges are still placed from their pixels' mean, which reads them a
  // little wider: placed from that color, a chart's 1 px curves came out thinner where they slant
  // (their staircase cut at its corners) and drew 91-96 % of their pixels against 93-97 %.
  const paint = fill ?? strokeColors(hist, entryLabel, palette.entryNear, labelRgb, groundLabel);
  // The picture as its layers are traced from: flat, or with its shading (see findGradients), whose
  // labels past the picture's own are painted as they are.
  const labelled = (labels: Uint8Array, shading?: Shading): LabelledImage => ({
    color,
    alpha: clear && alpha,
    labels,
    map: shading?.map ?? map,
    graph: regionGraph(shading?.map ?? map),
    labelRgb: shading?.labelRgb ?? labelRgb,
    fillRgb: shading
      ? Float64Array.from(shading.labelRgb, (v, i) => (i < paint.length ? paint[i] : v))
      : paint,
    clean: grain === 0,
    gradients: shading?.gradients,
  });
  // A palette asked for paints flat colors only.
  const gradients = fill ? 'off' : params.gradients;
  // Shading the automatic mode tries, and so traces the picture twice (see MIN_MERGED, MIN_SHADED).
  const enough = ({ merged, area }: ShadingExtent) =>
    merged >= MIN_MERGED * map.count || area >= MIN_SHADED * width * height;
  // Shading relabels `labels`: the automatic mode keeps the flat labels to compare with.
  const flatLabels = gradients === 'where-smaller' ? labels.slice() : labels;
  const shading =
    gradients === 'off'
      ? undefined
      : findGradients({
          color,
          labels,
          map,
          labelRgb,
          fixed: (l) => l === groundLabel || l === spare,
          enough: gradients === 'where-smaller' ? enough : undefined,
        });
  t = lap(timings, 'regions', t);
  const traceLabelled = (image: LabelledImage, beaten?: ResultSize) =>
    params.cutout ? traceCutout(image, groundLabel, params) : traceLayers(image, groundLabel, params, beaten);
  const flat = (beaten?: ResultSize) => traceLabelled(labelled(flatLabels), beaten);
  // The automatic mode tries the gradients where they are no farther from the picture than the
  // bands they replace and take in `enough`, and keeps them where the result comes out smaller.
  const tried =
    shading && (gradients === 'on' || (shading.excess <= 0 && enough(shading.extent))) ? shading : undefined;
  const shaded = tried && traceLabelled(labelled(labels, tried));
  const layers = !shaded ? flat() : gradients === 'where-smaller' ? smaller(shaded, flat) : shaded;
  lap(timings, 'outlines', t);
  // Cut out, the background is a shape of its own (see traceCutout).
  if (clear || params.removeBackground || params.cutout) return { layers };
  const [r, g, b] = (fill ?? labelRgb).subarray(groundLabel * 3, groundLabel * 3 + 3);
  return { background: { r: Math.round(r), g: Math.round(g), b: Math.round(b) }, layers };
}

/**
 * Shading the automatic mode tries merges this share of the regions, or covers this share of the
 * picture. Over the real set and 56 other pictures (game art, skies, 3D renders), of the 73 with
 * shading, the 45 whose shading did neither came out smaller with gradients in 9 cases, by at most
 * 10 % of their shapes; the 28 whose shading did either in 14, by up to 45 %. On 55 pictures
 * not used to set them (wallpapers, glossy icons) the automatic mode took gradients in 8, with 12 %
 * fewer shapes over the 55 and no picture's error higher.
 */
const MIN_MERGED = 0.05;
const MIN_SHADED = 0.25;

/**
 * The shaded layers where they are the smaller result (see `isSmaller`), the flat ones otherwise;
 * the flat trace stops as soon as it is the larger.
 */
function smaller(shaded: Layer[], flat: (beaten: ResultSize) => Layer[]): Layer[] {
  const size = sizeOf(shaded);
  const other = flat(size);
  return isSmaller(size, sizeOf(other)) ? shaded : other;
}

/**
 * Longer side up to which a picture's colors painted only in blends are looked for. Over 342 small
 * pictures (the bench's and held-out sprites, icons, small JPEGs, help pictures), the automatic
 * mode's results lost 0.20-0.39 % of the picture on average before, 0.20-0.27 % after, in 2.5-6 %
 * more commands; larger ones (photos, screenshots, portraits) lost as much with it as without, in
 * 2-3 % more commands.
 */
const MISSED_SIDE = 256;

/**
 * Share of the picture the automatic palette's labels may lose (see labelLoss) before the palette
 * of every pixel's colors is tried. Over the bench's 174 real images the labels lose more in 2: a
 * sprite's soft gray shadow (1.5 %, none with every color) and a color wheel's smooth hues (1.3 %;
 * 3.6 % by the bench's measure, 0.0 % with every color, which may be up to 64: it takes 63); on
 * 192 other pictures, in 1: a sheet of buttons with a shaded gray one (7 %, none with every
 * color). The check runs only where that many pixels are far from every color.
 */
const MAX_LABEL_LOSS = 0.01;

/** How many times a fixed palette size asks for more colors when some merged away. */
const MORE_TRIES = 5;
/** How close together (a share of the usual distance) the colors then asked for may be. */
const MIN_SPREAD = 1 / 16;
/**
 * The most colors asked for then: 64, or twice as many as wanted past 32, below the 256 labels
 * an 8-bit label holds with the spare one.
 */
const moreMax = (colors: number) => Math.min(255, Math.max(64, 2 * colors));

/** A picture's labels and regions for one palette (see `regionsOfLabels`). */
interface LabelledRegions {
  labels: Uint8Array;
  map: RegionMap;
  entryLabel: Uint8Array;
  /** sRGB of every palette color and of the spare label (white), 3 numbers a label. */
  paletteRgb: Float64Array;
  /** The label one past the palette: transparency, or the background's regions inside. */
  spare: number;
}

/**
 * Every pixel labelled with its palette color (transparency with the spare label), anti-aliased
 * edge pixels given to a side, fine mottle of similar colors joined, and the picture cut into
 * regions with the speckles merged (`grain`: the picture is a scan or a photo, see denoise). `spread` scales how near two colors are for mottle and faint
 * patches, as it scaled the palette's distance.
 */
function regionsOfLabels(
  color: Uint32Array,
  hist: Histogram,
  palette: Palette,
  clear: Uint8Array | undefined,
  width: number,
  height: number,
  params: TraceParams,
  grain: number,
  spread = 1,
): LabelledRegions {
  // Transparent pixels get a label of their own, one past the palette; so do, on an opaque
  // picture, the background's regions inside it (see splitBackground).
  const spare = palette.size;
  const labels = labelPixels(color, hist.entry, palette.entryLabel);
  if (clear) for (let p = 0; p < labels.length; p++) if (clear[p]) labels[p] = spare;
  // Until the labels are final, each stands for its palette color; transparency for white, the
  // page the picture is composited on.
  const paletteRgb = new Float64Array((spare + 1) * 3).fill(255);
  for (let l = 0; l < spare; l++) {
    oklabToSrgb(palette.lab[l * 3], palette.lab[l * 3 + 1], palette.lab[l * 3 + 2], paletteRgb, l * 3);
  }
  const fixed = clear ? spare : -1;
  unblendEdges(labels, color, hist.rough, width, height, paletteRgb, fixed, grain === 0);
  const distance = labDistance(paletteRgb);
  // Colors asked for closer together than usual are told apart as closely.
  const near = FAINT * spread;
  const faint = (a: number, b: number) => distance(a, b) < near;
  let entryLabel = palette.entryLabel;
  // Texture is made of similar colors: a palette of distinct ones (most logos) has none.
  if (anyPair(spare, faint)) {
    const joined = mergeTextures(labels, width, spare + 1, faint, fixed);
    if (joined) entryLabel = entryLabel.map((l) => joined[l]);
    smoothFaintEdges(labels, width, height, faint, fixed);
  }
  let regions = findRegions(findRuns(labels, width, height));
  // On clean art, a thin line sorted under two near shades in alternating pieces takes one.
  if (grain === 0 && joinInkPieces(regions, labels, params.minRegion, distance, clear ? spare : undefined)) {
    regions = findRegions(findRuns(labels, width, height));
  }
  const map = mergeSpeckles(regions, labels, params.minRegion, {
    distance,
    clear: clear ? spare : undefined,
    faint: { distance: near, area: params.minRegion * FAINT_AREA },
    bridge: grain === 0,
  });
  return { labels, map, entryLabel, paletteRgb, spare };
}

/**
 * Marks the largest region of every label as a dot to keep when it is no larger than `speck`
 * pixels, the outlines' speckle size (see traceLayers).
 */
function keepEveryLabel(map: RegionMap, speck: number): void {
  const largest = new Int32Array(256).fill(-1);
  for (let r = 0; r < map.count; r++) {
    const l = map.label[r];
    if (largest[l] < 0 || map.area[r] > map.area[largest[l]]) largest[l] = r;
  }
  map.dot ??= new Uint8Array(map.count);
  for (const r of largest) if (r >= 0 && map.area[r] <= speck) map.dot[r] = 1;
}

/** How many labels other than the spare one have pixels left. */
function survivors(map: RegionMap, spare: number): number {
  const seen = new Uint8Array(256);
  let count = 0;
  for (let r = 0; r < map.count; r++) {
    const l = map.label[r];
    if (l !== spare && seen[l] === 0) {
      seen[l] = 1;
      count++;
    }
  }
  return count;
}

/** Whether any two of `count` labels satisfy `test`. */
function anyPair(count: number, test: (a: number, b: number) => boolean): boolean {
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) if (test(a, b)) return true;
  return false;
}

/** The mean sRGB difference (summed over the channels) of the opaque pixels from their labels' colors. */
function labelError(
  color: Uint32Array,
  labels: Uint8Array,
  labelRgb: Float64Array,
  clear?: Uint8Array,
): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < labels.length; p++) {
    if (clear?.[p]) continue;
    const c = color[p];
    const l = labels[p] * 3;
    sum += Math.abs((c >> 16) - labelRgb[l]) + Math.abs(((c >> 8) & 255) - labelRgb[l + 1]);
    sum += Math.abs((c & 255) - labelRgb[l + 2]);
    count++;
  }
  return count === 0 ? 0 : sum / count;
}
