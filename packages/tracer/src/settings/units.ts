/**
 * The units a length is given in: image pixels (CSS pixels, as SVG reads them), millimetres and
 * inches, at 96 pixels to the inch. The one table of them: a cut contour's offset, an output's
 * width and the site's and the API's size fields all convert through it.
 */
export const units = ['px', 'mm', 'in'] as const;

/** A unit of length (see `units`). */
export type Unit = (typeof units)[number];

/** Each unit in an inch: pixels as SVG and CSS read them, millimetres. */
export const perInch: Readonly<Record<Unit, number>> = { px: 96, mm: 25.4, in: 1 };

/** Pixels in one unit. */
export const pixelsPer: Readonly<Record<Unit, number>> = {
  px: 1,
  mm: perInch.px / perInch.mm,
  in: perInch.px,
};

/** A length in `unit` as pixels. */
export function toPixels(value: number, unit: Unit): number {
  return value * pixelsPer[unit];
}

/** A length in pixels as `unit`. */
export function fromPixels(pixels: number, unit: Unit): number {
  return pixels / pixelsPer[unit];
}
