import type { Layer, RasterImage } from './model.js';

/** The sticker cut contour (being built). */
export function cutContour(_image: RasterImage, _offset: number): Layer | undefined {
  return undefined;
}
