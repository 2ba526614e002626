import type { Color, Layer, RasterImage } from '../model.js';

/**
 * The picture's negative, alpha kept: with `invert`, or light lines on a dark ground, the light
 * parts become the dark ink that black and white and centerline read (the ink map), so nothing after
 * this needs to know the ink was light.
 */
export function inverted(image: RasterImage): RasterImage {
  const data = new Uint8Array(image.data);
  for (let o = 0; o < data.length; o += 4) {
    data[o] = 255 - data[o];
    data[o + 1] = 255 - data[o + 1];
    data[o + 2] = 255 - data[o + 2];
  }
  return { width: image.width, height: image.height, data };
}

/**
 * Ink read from the negative, shown as the picture shows it (the automatic mode's result): the
 * layers in the light lines' color over the dark ground as the background (left out on
 * transparency, which is the background then), rather than black lines on white. The two colors
 * are `lightAndDark`'s.
 */
export function inPictureColors(
  layers: Layer[],
  { light, dark }: { light: Color; dark?: Color },
): { layers: Layer[]; background?: Color } {
  return {
    layers: layers.map((layer) => ({ ...layer, color: light })),
    ...(dark ? { background: dark } : {}),
  };
}
