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
 * Finds every 4-connected area of pixels sharing a key (`keys`, one per pixel, row-major; a
 * negative key is no area), from the top-left: `pixel` hears each of its pixels (row-major
 * indices) as it is found, then `area` the whole of it.
 */
export function forEachArea(
  width: number,
  height: number,
  keys: Int8Array | Int32Array,
  area: (found: Area) => void,
  pixel?: (p: number) => void,
): void {
  const n = width * height;
  const seen = new Uint8Array(n);
  // Grown as areas need it: a page's marks are small, and a stack as long as the picture would
  // be most of the memory.
  let stack: Int32Array = new Int32Array(1024);
  for (let seed = 0; seed < n; seed++) {
    const key = keys[seed];
    if (key < 0 || seen[seed]) continue;
    let top = 0;
    stack[top++] = seed;
    seen[seed] = 1;
    const found: Area = { key, size: 0, left: width, top: height, right: 0, bottom: 0 };
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
      if (x > 0 && !seen[p - 1] && keys[p - 1] === key) {
        seen[p - 1] = 1;
        if (top === stack.length) stack = grown(stack);
        stack[top++] = p - 1;
      }
      if (x < width - 1 && !seen[p + 1] && keys[p + 1] === key) {
        seen[p + 1] = 1;
        if (top === stack.length) stack = grown(stack);
        stack[top++] = p + 1;
      }
      if (y > 0 && !seen[p - width] && keys[p - width] === key) {
        seen[p - width] = 1;
        if (top === stack.length) stack = grown(stack);
        stack[top++] = p - width;
      }
      if (y < height - 1 && !seen[p + width] && keys[p + width] === key) {
        seen[p + width] = 1;
        if (top === stack.length) stack = grown(stack);
        stack[top++] = p + width;
      }
    }
    area(found);
  }
}

function grown(stack: Int32Array): Int32Array {
  const bigger = new Int32Array(stack.length * 2);
  bigger.set(stack);
  return bigger;
}
