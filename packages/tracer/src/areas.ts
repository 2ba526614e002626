/** A 4-connected area of pixels of one key: its size and bounding box (inclusive). */
export interface Area {
  key: number;
  size: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Finds every 4-connected area of pixels sharing a key (`keyOf`; a negative key is no area), from
 * the top-left: `pixel` hears each of its pixels (row-major indices) as it is found, then `area`
 * the whole of it.
 */
export function forEachArea(
  width: number,
  height: number,
  keyOf: (p: number) => number,
  area: (found: Area) => void,
  pixel?: (p: number) => void,
): void {
  const n = width * height;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  for (let seed = 0; seed < n; seed++) {
    if (seen[seed]) continue;
    const key = keyOf(seed);
    if (key < 0) continue;
    let top = 0;
    stack[top++] = seed;
    seen[seed] = 1;
    const found: Area = { key, size: 0, left: width, top: height, right: 0, bottom: 0 };
    const visit = (q: number) => {
      if (!seen[q] && keyOf(q) === key) {
        seen[q] = 1;
        stack[top++] = q;
      }
    };
    while (top > 0) {
      const p = stack[--top];
      found.size++;
      pixel?.(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x < found.left) found.left = x;
      if (x > found.right) found.right = x;
      if (y < found.top) found.top = y;
      if (y > found.bottom) found.bottom = y;
      if (x > 0) visit(p - 1);
      if (x < width - 1) visit(p + 1);
      if (y > 0) visit(p - width);
      if (y < height - 1) visit(p + width);
    }
    area(found);
  }
}
