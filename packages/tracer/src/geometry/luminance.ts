/**
 * How light a color is: Rec. 709's weights on its sRGB channels, 0 (black) to 255 (white). The
 * reading, the ink, the light lines and the picture's loss all weigh a color so, from here.
 */

/** The luminance of an sRGB color, unrounded. */
export function luminance(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The luminance of an sRGB color as a whole level, rounded: the weights in 16-bit fixed point (they sum to 65536). */
export function luminanceLevel(r: number, g: number, b: number): number {
  return (13933 * r + 46871 * g + 4732 * b + 32768) >> 16;
}

/**
 * A pixel's level composited on white at its alpha `a`: its darkness scaled by its coverage,
 * rounded. A transparent pixel is the white page it will be shown on.
 */
export function levelOnWhite(level: number, a: number): number {
  return a === 255 ? level : 255 - ((((255 - level) * a + 127) / 255) | 0);
}
