/**
 * Working arrays kept from one outline, or one color layer's mask, to the next, by name: a page has
 * a hundred thousand outlines, and allocating every outline's arrays cost more than filling them; a
 * sheet of sprites has dozens of layers, each a mask as big as the sheet, and freeing those cost a
 * fifth of its trace; color reads a copy of a picture's labels while it rewrites them, twice or
 * more a trace, a fresh 16 MB each time on a 16 Mpx page. A trace runs synchronously (a worker
 * thread has its own copy of this module), so one outline, one mask or one stage at a time uses
 * them. An array holds what an earlier one left past what its own writes, and is at least as long
 * as asked. Arrays longer than KEEP_AT_MOST are kept only until the trace ends (see `releaseWork`):
 * an idle worker holds no megabytes.
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
  kept.set(name, made);
  return made;
}

/** Drops the working arrays longer than KEEP_AT_MOST: called when a trace ends. */
export function releaseWork(): void {
  for (const kept of [f64s, i32s, u8s] as Map<string, { length: number }>[]) {
    for (const [name, array] of kept) if (array.length > KEEP_AT_MOST) kept.delete(name);
  }
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

/** A working Uint8Array holding a copy of `source` in its first entries. */
export function copiedU8(name: string, source: Uint8Array): Uint8Array {
  const copy = workU8(name, source.length);
  copy.set(source);
  return copy;
}

/** A working Uint8Array of exactly `n` entries, all 0. */
export function zeroedU8(name: string, n: number): Uint8Array {
  return workU8(name, n).subarray(0, n).fill(0);
}
