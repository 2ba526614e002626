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
