import type { VectorImage } from '../model.js';

const white = { r: 255, g: 255, b: 255 };

/**
 * The model with a background or without one, for every format alike: `true` paints the traced
 * background color (white when the picture was transparent), `false` leaves the picture's
 * background transparent. Traced, a model has a background only when its input was opaque.
 */
export function withBackground(model: VectorImage, background: boolean): VectorImage {
  if (!background) return { ...model, background: undefined };
  return { ...model, background: model.background ?? white };
}
