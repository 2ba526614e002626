/**
 * Working arrays kept from one outline to the next, by name: a page has a hundred thousand
 * outlines, and allocating every outline's arrays cost more than filling them. A trace runs
 * synchronously (a worker thread has its own copy of this module), so one outline at a time uses
 * them. An array holds what an earlier outline left past what its own outline writes, and is at
 * least as long as asked; one longer than KEEP_AT_MOST is made for the outline and not kept.
 */
const KEEP_AT_MOST = 1 << 20;

const f64s = new Map<string, Float64Array>();
const i32s = new Map<string, Int32Array>();
const u8s = new Map<string, Uint8Array>();

function work<T extends Float64Array | Int32Array | Uint8Array>(
  kept: Map<string, T>,
  make: (n: number) => T,
  name: string,
  n: number,
): T {
  const have = kept.get(name);
  if (have && have.length >= n) return have;
  const made = make(Math.max(n, 2 * (have?.length ?? 0), 256));
  if (made.length <= KEEP_AT_MOST) kept.set(name, made);
  return made;
}

/** A working Float64Array of at least `n` entries, its contents left from before. */
export function workF64(name: string, n: number): Float64Array {
  return work(f64s, (size) => new Float64Array(size), name, n);
}

/** A working Int32Array of at least `n` entries, its contents left from before. */
export function workI32(name: string, n: number): Int32Array {
  return work(i32s, (size) => new Int32Array(size), name, n);
}

/** A working Uint8Array of at least `n` entries, its contents left from before. */
export function workU8(name: string, n: number): Uint8Array {
  return work(u8s, (size) => new Uint8Array(size), name, n);
}
