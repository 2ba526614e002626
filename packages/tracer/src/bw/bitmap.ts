/** A two-level image, row-major from the top-left pixel: 1 = foreground (inside), 0 = background. */
export interface Bitmap {
  width: number;
  height: number;
  bits: Uint8Array;
}

/**
 * Where the true edge lies between a foreground pixel and a background pixel that share a side
 * (indices into the row-major image): its shift from the shared pixel side towards the
 * background pixel, in pixels, within [-0.5, 0.5]. Estimated from the anti-aliased gray levels.
 */
export type EdgeShift = (inside: number, outside: number) => number;
