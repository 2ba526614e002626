import { TraceError } from '../errors.js';
import {
  type Color,
  isArtwork,
  type Layer,
  type LayerName,
  type Point,
  type Segment,
  type Subpath,
  type VectorImage,
} from '../model.js';

const notOurs = (what: string) =>
  new TraceError('invalid-svg', `This SVG cannot be read back: ${what}. Only SVG written by Vectrace can.`);

/**
 * Reads back an SVG that {@link toSvg} wrote: its frame (the viewBox), an optional background
 * rectangle and one filled path per layer. A stored result can so be written again in any format
 * without keeping its model. The path data is scanned once, character by character.
 */
export function readSvg(text: string): VectorImage {
  const root = /<svg\b[^>]*>/.exec(text)?.[0];
  if (!root) throw notOurs('it has no <svg> element');
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(root);
  if (!box) throw notOurs('its viewBox is not "0 0 width height"');
  const width = Number(box[1]);
  const height = Number(box[2]);

  let background: Color | undefined;
  const rect = /<rect width="[^"]*" height="[^"]*" fill="(#[0-9a-f]+)"\/>/i.exec(text);
  if (rect?.[1]) background = parseColor(rect[1]);

  const layers: Layer[] = [];
  let vectorCount = 0;
  const pathTag = /<path ((?:[a-z-]+="[^"]*" )*)d="([^"]*)"\/>/g;
  for (let match = pathTag.exec(text); match; match = pathTag.exec(text)) {
    const layer = { ...readPaint(match[1] as string), subpaths: parsePath(match[2] as string) };
    if (isArtwork(layer)) vectorCount += layer.subpaths.length;
    layers.push(layer);
  }
  return { width, height, ...(background ? { background } : {}), layers, vectorCount, timings: {} };
}

const NAMES: string[] = ['cut', 'gap-filler'] satisfies LayerName[];

/** A layer's name, fill and stroke, from the attributes {@link toSvg} writes before `d`. */
function readPaint(text: string): Omit<Layer, 'subpaths'> {
  const attributes = new Map<string, string>();
  for (const [, key, value] of text.matchAll(/([a-z-]+)="([^"]*)"/g))
    attributes.set(key as string, value as string);
  const fill = attributes.get('fill');
  const stroke = attributes.get('stroke');
  const color = fill && fill !== 'none' ? fill : stroke;
  if (!color) throw notOurs('a path has neither a fill nor a stroke');
  const name = attributes.get('id') ?? attributes.get('class');
  if (name !== undefined && !NAMES.includes(name)) throw notOurs(`a path is named ${name}`);
  const width = Number(attributes.get('stroke-width'));
  if (stroke && !(width > 0)) throw notOurs('a stroke has no width');
  return {
    color: parseColor(color),
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

const argCount: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, a: 7, z: 0 };

/**
 * The subpaths of one `d` attribute: M/m, L/l, H/h, V/v, C/c, A/a (circular, unrotated) and Z/z,
 * with implicit repeats.
 */
function parsePath(d: string): Subpath[] {
  const subpaths: Subpath[] = [];
  let current: Subpath | undefined;
  let x = 0;
  let y = 0;
  let command = '';
  let i = 0;
  const args: number[] = [];

  // A subpath that `z` does not close is open (a stroke): it ends where its last segment does.
  const end = () => {
    if (current && current.segments.length > 0) subpaths.push({ ...current, open: true });
    current = undefined;
  };

  const close = () => {
    if (!current) return;
    const { start, segments } = current;
    // The closing line that `z` draws; a last curve already ends at the start (up to the sums'
    // rounding, which the snap removes: the model's subpaths end exactly where they start).
    const last = segments[segments.length - 1];
    if (last && Math.abs(x - start.x) < 1e-6 && Math.abs(y - start.y) < 1e-6) last.to = { ...start };
    else segments.push({ kind: 'line', to: { ...start } });
    if (segments.length > 0) subpaths.push(current);
    x = start.x;
    y = start.y;
    current = undefined;
  };

  const apply = (letter: string) => {
    const lower = letter.toLowerCase();
    const relative = letter === lower;
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    const to = (px: number, py: number): Point => ({ x: px, y: py });
    let segment: Segment | undefined;
    switch (lower) {
      case 'm':
        end();
        x = ox + (args[0] as number);
        y = oy + (args[1] as number);
        current = { start: to(x, y), segments: [] };
        return;
      case 'l':
        segment = { kind: 'line', to: to(ox + (args[0] as number), oy + (args[1] as number)) };
        break;
      case 'h':
        segment = { kind: 'line', to: to((relative ? x : 0) + (args[0] as number), y) };
        break;
      case 'v':
        segment = { kind: 'line', to: to(x, (relative ? y : 0) + (args[0] as number)) };
        break;
      case 'c':
        segment = {
          kind: 'cubic',
          c1: to(ox + (args[0] as number), oy + (args[1] as number)),
          c2: to(ox + (args[2] as number), oy + (args[3] as number)),
          to: to(ox + (args[4] as number), oy + (args[5] as number)),
        };
        break;
      case 'a':
        segment = {
          kind: 'arc',
          radius: args[0] as number,
          ...(args[0] !== args[1] || args[2] !== 0
            ? { ry: args[1] as number, rotation: args[2] as number }
            : {}),
          large: args[3] === 1,
          sweep: args[4] === 1,
          to: to(ox + (args[5] as number), oy + (args[6] as number)),
        };
        break;
      default:
        close();
        return;
    }
    if (!current) throw notOurs('a path draws before its first move');
    current.segments.push(segment);
    x = segment.to.x;
    y = segment.to.y;
  };

  while (i < d.length) {
    const ch = d.charCodeAt(i);
    // letters: a command, and z takes no numbers
    if ((ch >= 65 && ch <= 90) || (ch >= 97 && ch <= 122)) {
      command = d[i] as string;
      if (!(command.toLowerCase() in argCount)) throw notOurs(`its path uses the command ${command}`);
      i++;
      if (command === 'z' || command === 'Z') apply(command);
      continue;
    }
    if (ch === 32 || ch === 44 || ch === 10 || ch === 9 || ch === 13) {
      i++;
      continue;
    }
    // An arc's flags are one digit each, which SVG lets run into what follows (`a5 5 0 011 0`).
    const lower = command.toLowerCase();
    if (lower === 'a' && (args.length === 3 || args.length === 4)) {
      if (ch !== 48 && ch !== 49) throw notOurs(`its path has the arc flag "${d[i]}"`);
      args.push(ch - 48);
      i++;
      continue;
    }
    // A number: an optional sign, digits, at most one point.
    const begin = i;
    if (ch === 45 || ch === 43) i++;
    let dot = false;
    while (i < d.length) {
      const c = d.charCodeAt(i);
      if (c >= 48 && c <= 57) i++;
      else if (c === 46 && !dot) {
        dot = true;
        i++;
      } else break;
    }
    const value = Number(d.slice(begin, i));
    if (i === begin || Number.isNaN(value)) throw notOurs(`its path has "${d.slice(begin, begin + 8)}"`);
    args.push(value);
    const needed = argCount[lower];
    if (needed === undefined || needed === 0) throw notOurs('its path has a number without a command');
    if (args.length === needed) {
      apply(command);
      args.length = 0;
      // After a move, further pairs are lines (SVG 9.3.3).
      if (command === 'm') command = 'l';
      else if (command === 'M') command = 'L';
    }
  }
  end();
  return subpaths;
}
