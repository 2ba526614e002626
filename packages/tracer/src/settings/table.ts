import { MANY_COLOR_PIXELS, MANY_COLORS } from '../cost.js';
import {
  backgrounds,
  cornerDetections,
  drawStyles,
  groupings,
  layerings,
  MAX_COLORS,
  MAX_OFFSET_MM,
  MAX_PALETTE,
  qualities,
  readAs,
  svgVersions,
  type TraceMode,
  type TraceSettings,
  traceModes,
  traceTargets,
} from './values.js';

/**
 * What a setting takes: a percent (0 to 100), one of a list of values (`choice`), a palette size
 * (`colors`), a stroke width in pixels (`width`), a list of colors (`palette`), a cut contour's
 * offset with its unit (`offset`), or on and off (`flag`).
 */
export type SettingKind = 'percent' | 'choice' | 'colors' | 'width' | 'palette' | 'offset' | 'flag';

/** A mode a setting counts in, or the output: how any result is written. */
export type SettingScope = Exclude<TraceMode, 'auto'> | 'output';

/** One setting: everything every edge (engine, site, API, command line) says of it. */
export interface SettingRow<K extends keyof TraceSettings = keyof TraceSettings> {
  name: K;
  kind: SettingKind;
  /** A choice's values, each with its label in the converter. */
  values?: Readonly<Record<string, string>>;
  /** The modes it counts in (the automatic mode in those it may pick: see `countsIn`), or the output. */
  scope: readonly SettingScope[];
  /** The command line's flag, if it has one (without the dashes). */
  flag?: string;
  /** The name the developer API takes it by, if it takes it, and what its document says of it. */
  api?: string;
  apiHelp?: string;
  /** Its label in the converter. */
  label: string;
  /** One line of help, where it has no room for more (the command line's `--help`). */
  help: string;
  /** What the converter says of it, beside its label (none for how a file is written: not there). */
  hint?: string;
}

/** A whole number with its thousands apart, as the API's document writes them: 48 000 000. */
const spaced = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ' ');

/** Every traced mode: a setting of the trace itself counts in all of them. */
const traced = ['bw', 'color', 'pixel', 'centerline'] as const;

/** Each value as its own label, for choices the converter does not show in words of its own. */
const asIs = (values: readonly string[]) => Object.fromEntries(values.map((v) => [v, v]));

/** The labels of a choice's values, in the order of its list. */
const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  Object.fromEntries(values.map((v) => [v, labels[v]]));

/**
 * The settings, one row each, in the order the command line's `--help` lists them. The engine's
 * validator, the site's schema, the developer API's fields, the command line's flags and the
 * converter's labels are built from these rows.
 */
export const settingRows: readonly SettingRow[] = [
  {
    name: 'mode',
    kind: 'choice',
    values: labelled(traceModes, {
      auto: 'Auto',
      bw: 'Black & white',
      color: 'Color',
      pixel: 'Pixel art',
      centerline: 'Centerline',
    }),
    scope: traced,
    flag: 'mode',
    api: 'traceMode',
    apiHelp:
      "`auto` reads the image and picks `bw`, `color` or `pixel` (the job's `reading` says which); `bw` traces outlines in one color; `color` traces color layers; `pixel` traces every pixel as an exact square; `centerline` draws one open stroke along the middle of each line (plotters, engravers, single-line cuts).",
    label: 'Mode',
    help: 'auto reads the image and picks black and white, color or pixel art; centerline draws one stroke along each line',
    hint: "Auto reads the image and picks Black & white, Color or Pixel art. Black & white traces one ink color; Color traces each of the image's colors as its own layer, and keeps transparent areas transparent; Pixel art draws every pixel as an exact square; Centerline draws one open stroke along the middle of each line, for plotters, engravers, single-line laser cuts and handwriting.",
  },
  {
    name: 'read',
    kind: 'choice',
    values: labelled(readAs, { auto: 'Auto', picture: 'Picture', page: 'Page' }),
    scope: ['bw', 'centerline'],
    flag: 'read',
    api: 'read',
    apiHelp:
      '`page` reads the ink against the paper around it (scans, photos of pages); `picture` never does; `auto` when the image looks like a page.',
    label: 'Read as',
    help: 'page reads the ink against the paper around it (scans, photos of pages); picture never does',
    hint: 'Page reads the ink against the paper around it, for scans and photos of pages: shadows and the table beneath stay white. Picture never does. Auto tells from the image.',
  },
  {
    name: 'invert',
    kind: 'flag',
    scope: ['bw', 'centerline'],
    flag: 'invert',
    api: 'invert',
    apiHelp:
      '`true` reads the light parts as the ink (light lines on a dark ground: a chalkboard, white engraving lines, a blueprint), in `bw` as black lines, in `centerline` as one stroke per line. `color` and `pixel` ignore it; `auto` reads lines of one ink on a plain dark ground that way by itself when that keeps the picture, and keeps its look (the lines in their color over the dark ground).',
    label: 'Light lines on a dark ground',
    help: 'the light parts are the ink: white line art on black, a chalkboard, a blueprint',
    hint: 'The light parts are the ink: white line art on black, a chalkboard, an engraving in white lines, a blueprint. Black & white traces the light lines as black shapes, for cutters and engravers; Centerline draws one stroke along each light line. Auto reads lines of one ink on a plain dark ground this way by itself, when that keeps the picture, and keeps their look: the lines in their color over the dark ground. Color and Pixel art ignore it.',
  },
  {
    name: 'colors',
    kind: 'colors',
    scope: ['color'],
    flag: 'colors',
    api: 'colors',
    apiHelp: `Color mode: exactly this many colors, 2 to ${MAX_COLORS} (when the image has as many), or \`auto\`. Past ${MANY_COLORS} colors a large image is traced smaller, halved until it has at most ${spaced(2 * MANY_COLORS * MANY_COLOR_PIXELS)} ÷ colors pixels (${spaced(MANY_COLOR_PIXELS)} at ${2 * MANY_COLORS} colors), to stay within a trace's time; the result is still drawn at the image's size.`,
    label: 'Colors',
    help: `exactly this many colors, 2 to ${MAX_COLORS}, or auto`,
    hint: 'How many colors a color result may use. Auto keeps every color that covers a visible area, textures and thin lines included.',
  },
  {
    name: 'palette',
    kind: 'palette',
    scope: ['color'],
    flag: 'palette',
    api: 'palette',
    apiHelp: 'Color mode: only these colors, each region taking the nearest, e.g. `#000000,#ff0000`.',
    label: 'Palette',
    help: `only these colors (up to ${MAX_PALETTE}), each region taking the nearest`,
    hint: "Color results use only these colors, each region taking the nearest: for screen printing with fixed inks, or vinyl in the colors you stock. Empty uses the image's own colors.",
  },
  {
    name: 'background',
    kind: 'choice',
    values: labelled(backgrounds, { keep: 'Keep', remove: 'Remove' }),
    scope: ['color'],
    api: 'traceBackground',
    apiHelp: 'Color mode: `remove` leaves the background out, transparent, inside the picture too.',
    label: 'Background',
    help: 'remove leaves the background out, transparent, inside the picture too',
    hint: 'Color results. Remove leaves the background out, transparent, also where it shows inside the picture (the inside of an O), so nothing is cut or printed there.',
  },
  {
    name: 'layering',
    kind: 'choice',
    values: labelled(layerings, { stacked: 'Stacked', cutout: 'Cut-out' }),
    scope: ['color'],
    flag: 'layering',
    api: 'layering',
    apiHelp:
      '`stacked` layers each cover what lies under the next; `cutout` shapes never overlap (vinyl, screen printing), with a gap filler under the seams (a stroke that no shape lets show) so no background shows between them.',
    label: 'Layering',
    help: 'cutout gives color shapes that never overlap, for vinyl cutting and screen printing',
    hint: 'Color results. Stacked lays each color over the ones beneath it. Cut-out gives shapes that never overlap, for vinyl cutting and screen printing: nothing hidden under another color to weed, and a gap filler under the seams so no background shows between colors. Cut-out turns True shapes off: its shapes share their borders exactly.',
  },
  {
    name: 'gradients',
    kind: 'flag',
    scope: ['color'],
    flag: 'gradients',
    api: 'gradients',
    apiHelp:
      'Color mode: `true` fits smooth shading (a sky, a glossy highlight, a lit surface) with linear and radial gradients: one shape where flat colors need many bands. SVG, PDF and EPS paint the gradients; DXF fills each such shape with its mean color. Flat colors stay flat; with a `palette` every shape takes a palette color, flat. `auto` uses gradients by itself, without this setting, where they are as close to the picture as the flat bands and the result comes out smaller (fewer shapes, less to write), and its reading counts them: "8 colors and 3 gradients".',
    label: 'Smooth shading as gradients',
    help: 'smooth shading becomes one shape with a gradient instead of bands of flat color',
    hint: 'Color results. Smooth shading, such as a sky, a glossy highlight or a lit surface, becomes one shape filled with a linear or radial gradient instead of bands of flat color: smoother pictures, and often fewer shapes. SVG, PDF and EPS keep the gradients; DXF fills those shapes with their mean color. Flat colors stay flat, and a palette paints only its own colors. Auto uses gradients by itself where they make the result smaller and no less true to the picture.',
  },
  {
    name: 'strokeWidth',
    kind: 'width',
    scope: ['centerline'],
    flag: 'stroke-width',
    api: 'strokeWidth',
    apiHelp: 'Centerline mode: the stroke width in image pixels, or `auto` to measure it.',
    label: 'Stroke width',
    help: 'the stroke width in pixels, 1 to 100, or auto to measure it from the image',
    hint: 'The width of centerline strokes, in image pixels. Auto, when the field is empty, measures it from the lines in the image.',
  },
  {
    name: 'shapes',
    kind: 'flag',
    scope: ['bw', 'color', 'centerline'],
    flag: 'shapes',
    api: 'shapes',
    apiHelp:
      '`true` writes straight runs as lines and circles, ellipses and arcs as true arcs (DXF: LINE, ARC, CIRCLE, ELLIPSE).',
    label: 'True shapes',
    help: 'straight runs as lines, circles and arcs as true arcs',
    hint: 'Straight runs become straight lines, and circles, ellipses and round arcs become true arcs instead of many small curves: cleaner cuts and smaller files. In DXF they stay exact lines, arcs, circles and ellipses. Turning it on sets Layering back to Stacked.',
  },
  {
    name: 'cutContour',
    kind: 'offset',
    scope: traced,
    flag: 'cut-contour',
    api: 'cutContour',
    apiHelp:
      "A sticker cut line around the visible shape, this far outside it: `2mm`, `0.1in` or `8px` (mm and in at 96 px per inch of the image). Written as a path or layer named `cut`; where it runs off the image, the page (SVG viewBox, PDF and EPS page, PNG) grows to hold it, `width` staying the image's.",
    label: 'Cut contour',
    help: `a sticker cut line this far outside the visible shape, up to ${MAX_OFFSET_MM} mm: 2mm, 0.1in or 8px`,
    hint: `A cut line around the whole visible shape, for stickers and labels: one magenta outline, this far outside the shape (up to ${MAX_OFFSET_MM} mm), written as a path with id cut in SVG and a layer named cut in DXF. Millimetres and inches count 96 image pixels to the inch.`,
  },
  {
    name: 'trace',
    kind: 'choice',
    values: labelled(traceTargets, { image: 'Image', alpha: 'Transparency silhouette' }),
    scope: traced,
    flag: 'trace',
    api: 'trace',
    apiHelp: '`alpha` traces the silhouette of the opaque pixels, for stencils.',
    label: 'Trace',
    help: "alpha traces the silhouette of the image's opaque pixels, for stencils",
    hint: 'Image traces what you see. Transparency silhouette traces the shape of the opaque pixels, whatever their colors: for stencils and cut outlines. It needs an image with transparency, such as a PNG with a transparent background.',
  },
  {
    name: 'threshold',
    kind: 'percent',
    scope: ['bw', 'centerline'],
    flag: 'threshold',
    api: 'threshold',
    apiHelp: '0 to 100; lower keeps fainter strokes.',
    label: 'Threshold',
    help: 'lower keeps fainter strokes',
    hint: 'Which pixels count as ink. At 30, the default, the image decides: mid-gray for artwork, and on a photo or scan of a page the paper around each stroke, so shadows stay white. Higher keeps only the darker parts (50 suits most logos); lower keeps fainter strokes (30-40 for fine detail).',
  },
  {
    name: 'smoothness',
    kind: 'percent',
    scope: traced,
    flag: 'smoothness',
    api: 'smoothness',
    apiHelp: '0 to 100; higher smooths jagged edges into curves.',
    label: 'Smoothness',
    help: 'higher smooths jagged edges into curves',
    hint: 'How much curves are smoothed. Higher values give fewer, rounder curves; 70-90 cleans up jagged edges.',
  },
  {
    name: 'cornerDetection',
    kind: 'choice',
    values: labelled(cornerDetections, { auto: 'Auto', sharp: 'Sharp', rounded: 'Rounded', none: 'None' }),
    scope: traced,
    flag: 'corner-detection',
    api: 'cornerDetection',
    apiHelp: 'How readily a bend becomes a sharp corner.',
    label: 'Corner Detection',
    help: 'where the outline keeps corners; auto follows the smoothness',
    hint: 'Where the outline keeps corners: Sharp wherever the outline turns sharply (never on a circle), Rounded for soft shapes, None for all curves, Auto follows Smoothness.',
  },
  {
    name: 'quality',
    kind: 'choice',
    values: labelled(qualities, { draft: 'Draft', standard: 'Standard', high: 'High', ultra: 'Ultra' }),
    scope: traced,
    flag: 'quality',
    api: 'quality',
    apiHelp: '`high` fits curves more closely, for final output.',
    label: 'Quality',
    help: 'how closely curves follow the image; draft is fastest',
    hint: 'How closely curves follow the image and how small a detail is kept. High or Ultra for final output; Draft is fastest.',
  },
  {
    name: 'drawStyle',
    kind: 'choice',
    values: asIs(drawStyles),
    scope: ['output'],
    flag: 'draw-style',
    api: 'drawStyle',
    apiHelp:
      '`fillShapes` fills every shape; `strokeShapes` strokes each shape’s outline (1 px, in its color) and fills nothing; `strokeEdges` strokes each edge between shapes once, in the color of the shape on top (a border two shapes share is one stroke; color mode traces cut-out shapes for it). Stroked, there is no background rectangle. PDF and EPS stroke as the SVG does; DXF, which has no fills, writes the same outlines (the edges once). Not with `shapes=true` for `strokeEdges`.',
    label: 'Draw style',
    help: 'filled shapes, each outline stroked, or each edge between shapes stroked once',
  },
  {
    name: 'groupBy',
    kind: 'choice',
    values: asIs(groupings),
    scope: ['output'],
    flag: 'group-by',
    api: 'groupBy',
    apiHelp:
      'SVG: `none` writes the paths one after another; `color` one `<g id="color-rrggbb">` per color, holding its paths; `layer` one `<g id="layer-N">` per layer of the stacking, in painting order (a cut contour and the gap filler are layers of their own).',
    label: 'Group by',
    help: 'SVG: the paths in one group per color, or per layer of the stacking',
  },
  {
    name: 'svgVersion',
    kind: 'choice',
    values: asIs(svgVersions),
    scope: ['output'],
    flag: 'svg-version',
    api: 'svgVersion',
    apiHelp:
      'SVG: `1.1`, or `tiny` for SVG Tiny 1.2 (`version="1.2" baseProfile="tiny"`; arcs written as cubic curves, opacity as `fill-opacity`).',
    label: 'SVG version',
    help: 'SVG 1.1, or SVG Tiny 1.2 (no arcs, no group opacity)',
  },
  {
    name: 'adobeCompatible',
    kind: 'flag',
    scope: ['output'],
    flag: 'adobe-compatible',
    api: 'adobeCompatible',
    apiHelp:
      'SVG: `true` writes what Adobe Illustrator reads as drawn: `version` on the root element, every color as `#rrggbb`, `fill-rule="nonzero"` on every filled path, and path data in full (every command letter, numbers always apart, `0.5` not `.5`). The SVG never has CSS, `<style>`, `vector-effect` or `transform` in any case.',
    label: 'Adobe compatible',
    help: 'SVG: written so that Adobe Illustrator reads it as it is drawn',
  },
];

/** The row of a setting. */
export function settingRow<K extends keyof TraceSettings>(name: K): SettingRow<K> {
  const row = settingRows.find((r) => r.name === name);
  if (!row) throw new Error(`no setting named ${name}`);
  return row as SettingRow<K>;
}

/** A choice's values, in order. */
export function choiceValues(row: SettingRow): string[] {
  return Object.keys(row.values ?? {});
}

/** The modes the automatic mode picks from: centerline is only ever asked for. */
const pickedByAuto = ['bw', 'color', 'pixel'] as const;

/** Whether a setting counts in a mode (in the automatic mode, in any mode it may pick). */
export function countsIn(row: SettingRow, mode: TraceMode): boolean {
  if (row.scope.includes('output')) return true;
  return mode === 'auto' ? pickedByAuto.some((m) => row.scope.includes(m)) : row.scope.includes(mode);
}

/**
 * What a setting must be, after "must be": the engine's and the API's refusals say it. `asText`
 * words the lists typed as text (a palette separated by commas, an offset with its unit).
 */
export function settingRule(row: SettingRow, { asText = false } = {}): string {
  switch (row.kind) {
    case 'percent':
      return 'a number from 0 to 100';
    case 'choice':
      return `one of ${choiceValues(row).join(', ')}`;
    case 'colors':
      return `a whole number from 2 to ${MAX_COLORS}, or auto`;
    case 'width':
      return 'a number of pixels from 1 to 100, or auto';
    case 'palette':
      return asText
        ? `up to ${MAX_PALETTE} colors as #rrggbb, separated by commas`
        : `a list of at most ${MAX_PALETTE} colors written #rrggbb`;
    case 'offset':
      return asText
        ? `an offset from 0 to ${MAX_OFFSET_MM} mm, as 2mm, 0.1in or 8px`
        : `an offset from 0 to ${MAX_OFFSET_MM} mm (in px, mm or in)`;
    case 'flag':
      return 'true or false';
  }
}

/** Settings that cannot be combined, each pair with the sentence that refuses it. */
export const settingConflicts: readonly {
  conflict: (s: Pick<TraceSettings, 'shapes' | 'layering' | 'drawStyle'>) => boolean;
  /** The sentence in the converter's words, and in the developer API's (its parameters). */
  message: string;
  apiMessage: string;
}[] = [
  {
    // Stroked edges are the borders cut-out shapes share; true shapes are fitted each on its own.
    conflict: (s) => s.shapes && s.drawStyle === 'strokeEdges',
    message: 'True shapes and stroked edges cannot be combined: choose one of them',
    apiMessage: 'shapes and drawStyle=strokeEdges cannot be combined: choose one of them',
  },
  {
    // Cut-out shapes share their borders exactly; fitting each one's shapes apart would part them.
    conflict: (s) => s.shapes && s.layering === 'cutout',
    message: 'True shapes and cut-out layering cannot be combined: choose one of them',
    apiMessage: 'shapes and layering=cutout cannot be combined: choose one of them',
  },
];
