import {
  type Color,
  type Gradient,
  gradientMean,
  isArtwork,
  type Layer,
  type LayerName,
  type Subpath,
  type VectorImage,
} from '../model.js';
import type { GroupBy, SvgVersion } from '../settings/index.js';
import { notOurs, readPathData } from './path-data.js';

/**
 * Reads back an SVG that {@link toSvg} wrote: its frame and page (the viewBox), an optional background
 * rectangle and one filled path per layer. A stored result can so be written again in any format
 * without keeping its model. The path data is scanned once, character by character.
 */
export function readSvg(text: string): VectorImage {
  const root = /<svg\b[^>]*>/.exec(text)?.[0];
  if (!root) throw notOurs('it has no <svg> element');
  // The page: the image, or grown by a margin on every side round a cut contour ("-m -m W+2m H+2m").
  const box = /viewBox="(-?[\d.]+) \1 ([\d.]+) ([\d.]+)"/.exec(root);
  const margin = box ? -Number(box[1]) : Number.NaN;
  if (!box || !(margin >= 0)) throw notOurs('its viewBox is not "0 0 width height" or "-m -m width height"');
  const width = Number(box[2]) - 2 * margin;
  const height = Number(box[3]) - 2 * margin;
  if (!(width > 0 && height > 0)) throw notOurs('its viewBox leaves no image inside its margin');

  let background: Color | undefined;
  const rect = /<rect width="[^"]*" height="[^"]*" fill="(#[0-9a-f]+)"\/>/i.exec(text);
  if (rect?.[1]) background = parseColor(rect[1]);

  const gradients = readGradients(text);
  const layers: Layer[] = [];
  let vectorCount = 0;
  const pathTag = /<path ((?:[a-z-]+="[^"]*" )*)d="([^"]*)"\/>/g;
  for (let match = pathTag.exec(text); match; match = pathTag.exec(text)) {
    const layer = { ...readPaint(match[1] as string, gradients), subpaths: parsePath(match[2] as string) };
    if (isArtwork(layer)) vectorCount += layer.subpaths.length;
    layers.push(layer);
  }
  return {
    width,
    height,
    ...(background ? { background } : {}),
    layers,
    vectorCount,
    ...(margin > 0 ? { margin } : {}),
    timings: {},
  };
}

/**
 * How an SVG that {@link toSvg} wrote was written: its grouping, profile and Illustrator form, to
 * write it again as it was (a test result's bands, another size).
 */
export function svgWritingOf(text: string): {
  groupBy: GroupBy;
  svgVersion: SvgVersion;
  adobeCompatible: boolean;
} {
  const root = /<svg\b[^>]*>/.exec(text)?.[0] ?? '';
  const group = /<g id="(color|layer)-/.exec(text)?.[1] as GroupBy | undefined;
  return {
    groupBy: group ?? 'none',
    svgVersion: root.includes('baseProfile="tiny"') ? 'tiny' : '1.1',
    adobeCompatible:
      text.includes(' fill-rule="nonzero"') ||
      (!root.includes('baseProfile') && root.includes(' version="1.1"')),
  };
}

const NAMES: string[] = ['cut', 'gap-filler'] satisfies LayerName[];

/** The gradients {@link toSvg} defines (`<defs>`), by id. */
function readGradients(text: string): Map<string, Gradient> {
  const gradients = new Map<string, Gradient>();
  const element =
    /<(linear|radial)Gradient id="([^"]+)" gradientUnits="userSpaceOnUse" ([^>]*)>(.*?)<\/\1Gradient>/g;
  for (const [, kind, id, geometry, body] of text.matchAll(element)) {
    const at = new Map<string, number>();
    for (const [, key, value] of geometry.matchAll(/([a-z0-9]+)="([^"]*)"/g)) at.set(key, Number(value));
    const stops = [...body.matchAll(/<stop offset="([^"]*)" stop-color="(#[0-9a-f]+)"\/>/gi)].map(
      ([, offset, color]) => ({ offset: Number(offset), color: parseColor(color) }),
    );
    const value = (key: string) => {
      const v = at.get(key);
      if (v === undefined || !Number.isFinite(v)) throw notOurs(`gradient ${id} has no ${key}`);
      return v;
    };
    if (stops.length === 0 || stops.some((s) => !(s.offset >= 0 && s.offset <= 1)))
      throw notOurs(`gradient ${id}'s stops are not offsets 0 to 1 with colors`);
    gradients.set(
      id,
      kind === 'linear'
        ? { kind, x1: value('x1'), y1: value('y1'), x2: value('x2'), y2: value('y2'), stops }
        : { kind: 'radial', cx: value('cx'), cy: value('cy'), r: value('r'), stops },
    );
  }
  return gradients;
}

/** A layer's name, fill, opacity and stroke, from the attributes {@link toSvg} writes before `d`. */
function readPaint(text: string, gradients: Map<string, Gradient>): Omit<Layer, 'subpaths'> {
  const attributes = new Map<string, string>();
  for (const [, key, value] of text.matchAll(/([a-z-]+)="([^"]*)"/g))
    attributes.set(key as string, value as string);
  const fill = attributes.get('fill');
  const shade = /^url\(#([^)]+)\)$/.exec(fill ?? '')?.[1];
  if (shade !== undefined) {
    const gradient = gradients.get(shade);
    if (!gradient) throw notOurs(`a path is filled with ${shade}, which it does not define`);
    return { color: gradientMean(gradient), gradient };
  }
  const stroke = attributes.get('stroke');
  const color = fill && fill !== 'none' ? fill : stroke;
  if (!color) throw notOurs('a path has neither a fill nor a stroke');
  const name = attributes.get('id') ?? attributes.get('class');
  if (name !== undefined && !NAMES.includes(name)) throw notOurs(`a path is named ${name}`);
  const width = Number(attributes.get('stroke-width'));
  if (stroke && !(width > 0)) throw notOurs('a stroke has no width');
  // SVG Tiny's fill-opacity or stroke-opacity, on a path with only the one.
  const opacity =
    attributes.get('opacity') ?? attributes.get('fill-opacity') ?? attributes.get('stroke-opacity');
  if (opacity !== undefined && !(Number(opacity) >= 0 && Number(opacity) <= 1))
    throw notOurs(`a path's opacity is ${opacity}`);
  return {
    color: parseColor(color),
    ...(opacity === undefined ? {} : { opacity: Number(opacity) }),
    ...(stroke ? { stroke: width } : {}),
    ...(fill === 'none' ? { fill: false as const } : {}),
    ...(name ? { name: name as LayerName } : {}),
  };
}

function parseColor(hex: string): Color {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  if (full.length !== 6) throw notOurs(`the color ${hex} is not #rgb or #rrggbb`);
  const n = Number.parseInt(full, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/**
 * The subpaths of one `d` attribute (see {@link readPathData}). A subpath that `z` does not close
 * is open (a stroke): it ends where its last segment does.
 */
function parsePath(d: string): Subpath[] {
  const subpaths: Subpath[] = [];
  let current: Subpath | undefined;
  const end = () => {
    if (current && current.segments.length > 0) subpaths.push({ ...current, open: true });
    current = undefined;
  };
  readPathData(d, {
    move(to) {
      end();
      current = { start: to, segments: [] };
    },
    segment(segment) {
      if (!current) throw notOurs('a path draws before its first move');
      current.segments.push(segment);
    },
    close() {
      if (!current) return;
      const { start, segments } = current;
      // The closing line that `z` draws; a last curve already ends at the start (up to the sums'
      // rounding, which the snap removes: the model's subpaths end exactly where they start).
      const last = segments[segments.length - 1];
      if (last && Math.abs(last.to.x - start.x) < 1e-6 && Math.abs(last.to.y - start.y) < 1e-6)
        last.to = { ...start };
      else segments.push({ kind: 'line', to: { ...start } });
      if (segments.length > 0) subpaths.push(current);
      current = undefined;
    },
  });
  end();
  return subpaths;
}
