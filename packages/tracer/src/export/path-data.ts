import { TraceError } from '../errors.js';
import type { Point, Segment } from '../model.js';

/** The error for SVG that Vectrace did not write: what in it cannot be read. */
export const notOurs = (what: string): TraceError =>
  new TraceError('invalid-svg', `This SVG cannot be read back: ${what}. Only SVG written by Vectrace can.`);

/** What a path's `d` draws, in absolute coordinates, as {@link readPathData} reads it. */
export interface PathDrawing {
  /** `M`/`m`: a subpath starts at `to`. */
  move(to: Point): void;
  /** A segment from where the pen is. */
  segment(segment: Segment): void;
  /** `Z`/`z`: the subpath closes, and the pen goes back to its start. */
  close(): void;
}

const argCount: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, a: 7, z: 0 };

/**
 * Reads the path data {@link toSvg} writes: M/m, L/l, H/h, V/v, C/c, A/a and Z/z, with implicit
 * repeats, relative commands made absolute. Scanned once, character by character; anything else
 * throws `TraceError` `invalid-svg`.
 */
export function readPathData(d: string, drawing: PathDrawing): void {
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let command = '';
  let i = 0;
  const args: number[] = [];

  const apply = (letter: string) => {
    const lower = letter.toLowerCase();
    const relative = letter === lower;
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    const to = (px: number, py: number): Point => ({ x: px, y: py });
    let segment: Segment;
    switch (lower) {
      case 'm':
        x = ox + (args[0] as number);
        y = oy + (args[1] as number);
        startX = x;
        startY = y;
        drawing.move(to(x, y));
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
        drawing.close();
        x = startX;
        y = startY;
        return;
    }
    drawing.segment(segment);
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
}
