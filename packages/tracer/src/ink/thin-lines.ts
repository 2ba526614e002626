/**
 * How much more ink (of 255) the core of a thin line holds than the pixels two steps away on both
 * sides of it, at least. Anti-aliasing spreads a line one pixel wide or less over two pixels, so a
 * small or gray letter's slanted, round and horizontal strokes stay lighter than the cut while its
 * vertical stems pass it: cut alone, the letter breaks into dashes. A gray line split evenly over
 * two rows holds about half its ink in each, a sixth of the full contrast for a mid-gray one.
 */
const RIDGE_DEPTH = 40;

/** Ink levels this close to the darkest across a line still belong to its core. */
const CORE_MARGIN = 24;

/** The four directions across which a line can run: along x, along y and the two diagonals. */
const ACROSS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

/** Which thin lines are drawn in full ink. */
export interface ThinLines {
  /** Whether the pixel at `p` can be part of a drawn line (in color art, a colored one is not). */
  drawn: (p: number) => boolean;
  /** Whether a line that touches no ink is drawn too. */
  alone: boolean;
}

/**
 * Draws thin lines in full ink: every pixel that is the core of a line (see RIDGE_DEPTH) and
 * touches ink, directly or through other such cores, becomes full ink. Small anti-aliased text,
 * thin strokes and hairlines come out whole and legible, as mkbitmap's high-pass filter and
 * Sauvola's local reading keep them, where a plain cut leaves their stems only, thin and faint.
 * With `lines.alone`, a light line that touches no ink (a field's border, a rule) is drawn too;
 * without, it keeps its own level. A pixel `lines.drawn` refuses keeps its level: in color art on
 * transparency, a thin light line along a shape is its texture or its highlight, not a stroke.
 * `levels` are ink levels per pixel (0 paper, 255 full ink); returns the pixels' new levels (the
 * same array when no line is found).
 */
export function continueThinLines(
  levels: Uint8Array,
  width: number,
  height: number,
  cut: number,
  lines: ThinLines,
): Uint8Array {
  const ink = cut * 255;
  /** The ink level at (x, y); the paper beyond the picture's edges, where a frame's line runs. */
  const at = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : levels[y * width + x];
  /** Whether the pixel at (x, y) or one of its two neighbours across (dx, dy) holds some ink. */
  const goesOn = (x: number, y: number, dx: number, dy: number): boolean =>
    Math.max(at(x, y), at(x - dx, y - dy), at(x + dx, y + dy)) >= RIDGE_DEPTH / 2;
  const isDot = (x: number, y: number, level: number): boolean => {
    for (let ny = y - 1; ny <= y + 1; ny++)
      for (let nx = x - 1; nx <= x + 1; nx++)
        if ((nx !== x || ny !== y) && level - at(nx, ny) < RIDGE_DEPTH) return false;
    return true;
  };
  const isCore = (x: number, y: number): boolean => {
    const level = levels[y * width + x];
    if (level === 255 || level < RIDGE_DEPTH || !lines.drawn(y * width + x)) return false;
    // A dot (an i's, a period, a colon's): one pixel, lighter all around.
    if (lines.alone && isDot(x, y, level)) return true;
    for (const [dx, dy] of ACROSS) {
      const side = Math.max(at(x - 2 * dx, y - 2 * dy), at(x + 2 * dx, y + 2 * dy));
      const next = Math.max(at(x - dx, y - dy), at(x + dx, y + dy));
      // A hairline, one pixel wide and lighter right beside it, is a line even when another runs
      // two pixels away (a field's border along the next one's).
      const hairline = level - next >= RIDGE_DEPTH;
      if (!hairline && level - side < RIDGE_DEPTH) continue;
      // The line's core: its darkest pixels across it (within CORE_MARGIN, as anti-aliasing
      // splits a slanted stroke about evenly), not the pale fringe beside them.
      if (level + CORE_MARGIN < next) continue;
      // And a line goes on both ways along it (straight on or one step aside), where a shape's
      // anti-aliased corner ends.
      if (goesOn(x + dy, y - dx, dx, dy) && goesOn(x - dy, y + dx, dx, dy)) return true;
    }
    return false;
  };
  const touchesInk = (x: number, y: number): boolean => {
    for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++)
      for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++)
        if (levels[ny * width + nx] > ink) return true;
    return false;
  };
  let out: Uint8Array | undefined;
  const stack: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      // Paper and full ink (most of a picture) are no line's core: skipped before the full test.
      if (levels[p] === 255 || levels[p] < RIDGE_DEPTH || (out !== undefined && out[p] === 255)) continue;
      if (!isCore(x, y) || (!lines.alone && !touchesInk(x, y))) continue;
      out ??= levels.slice();
      out[p] = 255;
      stack.push(p);
      // Along the line: cores next to a continued one continue it too.
      while (stack.length > 0) {
        const q = stack.pop() as number;
        const qx = q % width;
        const qy = (q - qx) / width;
        for (let ny = Math.max(0, qy - 1); ny <= Math.min(height - 1, qy + 1); ny++) {
          for (let nx = Math.max(0, qx - 1); nx <= Math.min(width - 1, qx + 1); nx++) {
            const r = ny * width + nx;
            if (out[r] === 255 || !isCore(nx, ny)) continue;
            out[r] = 255;
            stack.push(r);
          }
        }
      }
    }
  }
  return out ?? levels;
}
