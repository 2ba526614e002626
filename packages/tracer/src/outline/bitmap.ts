/** A two-level image, row-major from the top-left pixel: 1 = foreground (inside), 0 = background. */
export interface Bitmap {
  width: number;
  height: number;
  bits: Uint8Array;
}

/**
 * The ink, 0 to 4 pixels' worth, in the 2x2 pixels around the pixel corner (x, y) of the image
 * (x right, y down): pixels x-1..x by y-1..y. Foreground pixels hold at least half a pixel of
 * ink, background pixels less. NaN when unknown. Estimated from the anti-aliased image.
 */
export type WindowInk = (x: number, y: number) => number;

/**
 * A bitmap's bytes as 32-bit words, for skipping background four pixels at a time (see `nextSet`),
 * when they start on a word boundary.
 */
export function wordsOf(bits: Uint8Array): Uint32Array | undefined {
  return bits.byteOffset % 4 === 0
    ? new Uint32Array(bits.buffer, bits.byteOffset, bits.length >> 2)
    : undefined;
}

/**
 * The first foreground byte from `i` up to `end` (`end` if none), read four bytes at a time
 * through `words` (see `wordsOf`): much of a mask's box, or of a page, is background.
 */
export function nextSet(
  bits: Uint8Array,
  words: Uint32Array | undefined,
  i: number,
  end = bits.length,
): number {
  if (words) {
    for (; i < end && (i & 3) !== 0; i++) if (bits[i] !== 0) return i;
    let k = i >> 2;
    const last = end >> 2;
    while (k < last && words[k] === 0) k++;
    i = Math.max(i, k << 2);
  }
  for (; i < end; i++) if (bits[i] !== 0) return i;
  return end;
}
