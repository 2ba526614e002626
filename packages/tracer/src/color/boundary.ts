/**
 * The boundaries between the labels of a picture, on the lattice of pixel corners, cut into chains
 * that each separate one pair of labels: a chain runs from a junction (a corner where three or more
 * labels meet, where two meet across a corner, or a corner of the picture) to the next, or closes
 * on itself round an island. Every boundary edge belongs to exactly one chain, so two neighbouring
 * shapes built from the chains share their border exactly.
 *
 * Coordinates: corner (x, y) is the top-left corner of pixel (x, y), x right and y down. Directions
 * 0-3 are right, down, left, up. The left of an edge is the pixel on its left as it is walked
 * (going right, the pixel above).
 */

/** The label outside the picture. */
export const OUTSIDE = -1;

export const DX = [1, 0, -1, 0] as const;
export const DY = [0, 1, 0, -1] as const;

/** One boundary between two labels, from junction to junction or closed. */
export interface Chain {
  /** The corners it visits, start to end (a closed chain does not repeat its start). */
  x: Int32Array;
  y: Int32Array;
  closed: boolean;
  /** The labels on its left and its right, walked start to end (OUTSIDE beyond the picture). */
  left: number;
  right: number;
  /** Direction of its first and its last edge. */
  startDir: number;
  endDir: number;
}

/** The chains of a picture, and how to find the one leaving a junction in a direction. */
export interface Boundaries {
  chains: Chain[];
  /** Key corner * 4 + direction at a junction: chain * 2, plus 1 when it leaves there backwards. */
  leaving: Map<number, number>;
}

/** The label of pixel (x, y), OUTSIDE beyond the picture. */
export function labelAt(labels: Uint8Array, width: number, height: number, x: number, y: number): number {
  return x < 0 || y < 0 || x >= width || y >= height ? OUTSIDE : labels[y * width + x];
}

/** The pixel on the left of the edge leaving corner (x, y) in direction d: [px, py]. */
export function leftPixel(x: number, y: number, d: number): [number, number] {
  return d === 0 ? [x, y - 1] : d === 1 ? [x, y] : d === 2 ? [x - 1, y] : [x - 1, y - 1];
}

/** The pixel on the right of the edge leaving corner (x, y) in direction d. */
export function rightPixel(x: number, y: number, d: number): [number, number] {
  return d === 0 ? [x, y] : d === 1 ? [x - 1, y] : d === 2 ? [x - 1, y - 1] : [x, y - 1];
}

/** Cuts the boundaries between the labels (and between the picture and its outside) into chains. */
export function findBoundaries(labels: Uint8Array, width: number, height: number): Boundaries {
  const cw = width + 1;
  // Per corner, a bit per direction in which a boundary edge leaves it.
  const edges = new Uint8Array(cw * (height + 1));
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x < width; x++) {
      const above = y > 0 ? labels[(y - 1) * width + x] : OUTSIDE;
      const below = y < height ? labels[y * width + x] : OUTSIDE;
      if (above !== below) {
        edges[y * cw + x] |= 1;
        edges[y * cw + x + 1] |= 4;
      }
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x <= width; x++) {
      const left = x > 0 ? labels[y * width + x - 1] : OUTSIDE;
      const right = x < width ? labels[y * width + x] : OUTSIDE;
      if (left !== right) {
        edges[y * cw + x] |= 2;
        edges[(y + 1) * cw + x] |= 8;
      }
    }
  }
  const corners = new Set([0, width, height * cw, height * cw + width]);
  const junction = (c: number) => (BITS[edges[c]] !== 2 && edges[c] !== 0) || corners.has(c);
  // Edges walked, as bits of the corner they leave (both ways).
  const walked = new Uint8Array(edges.length);
  const chains: Chain[] = [];
  const leaving = new Map<number, number>();
  const walk = (c0: number, d0: number): void => {
    const xs: number[] = [];
    const ys: number[] = [];
    let c = c0;
    let d = d0;
    for (;;) {
      xs.push(c % cw);
      ys.push((c / cw) | 0);
      walked[c] |= 1 << d;
      const next = c + DX[d] + DY[d] * cw;
      walked[next] |= 1 << ((d + 2) & 3);
      c = next;
      if (c === c0 || junction(c)) break;
      // Not a junction: exactly one other edge leaves this corner.
      const rest = edges[c] & ~(1 << ((d + 2) & 3));
      d = 31 - Math.clz32(rest);
    }
    const closed = c === c0 && !junction(c0);
    if (!closed) {
      xs.push(c % cw);
      ys.push((c / cw) | 0);
    }
    const [lx, ly] = leftPixel(xs[0], ys[0], d0);
    const [rx, ry] = rightPixel(xs[0], ys[0], d0);
    const k = chains.length;
    chains.push({
      x: Int32Array.from(xs),
      y: Int32Array.from(ys),
      closed,
      left: labelAt(labels, width, height, lx, ly),
      right: labelAt(labels, width, height, rx, ry),
      startDir: d0,
      endDir: d,
    });
    if (!closed) {
      leaving.set(c0 * 4 + d0, k * 2);
      leaving.set(c * 4 + ((d + 2) & 3), k * 2 + 1);
    }
  };
  for (let c = 0; c < edges.length; c++) {
    if (edges[c] === 0 || !junction(c)) continue;
    for (let d = 0; d < 4; d++) if (edges[c] & (1 << d) && !(walked[c] & (1 << d))) walk(c, d);
  }
  // What is left are closed loops with no junction on them (islands).
  for (let c = 0; c < edges.length; c++) {
    const rest = edges[c] & ~walked[c];
    if (rest !== 0) walk(c, 31 - Math.clz32(rest));
  }
  return { chains, leaving };
}

/** Set bits of every 4-bit number. */
const BITS = Uint8Array.from({ length: 16 }, (_, v) => (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + (v >> 3));
