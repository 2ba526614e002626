import { flattenSubpath } from '../export/flatten.js';
import type { Layer } from '../model.js';

/** Pixels: the flattened points lie on the curve, and the curve within this of their polyline. */
const FLATNESS = 0.05;

/**
 * The whole pixels a page must reach beyond a width x height image, on every side, for a layer's
 * stroked curves to lie wholly on it; 0 when they already do. Measured from the curves themselves
 * (a cut contour's offset says how far it runs from the shape, not from the image's edge), plus
 * half the stroke. One margin all round keeps the image centred on the page, as it was.
 */
export function pageMargin(layer: Layer, width: number, height: number): number {
  let reach = Number.NEGATIVE_INFINITY;
  for (const subpath of layer.subpaths) {
    for (const { x, y } of flattenSubpath(subpath, FLATNESS)) {
      reach = Math.max(reach, -x, -y, x - width, y - height);
    }
  }
  const beyond = reach + FLATNESS + (layer.stroke ?? 0) / 2;
  return beyond > 0 ? Math.ceil(beyond) : 0;
}
