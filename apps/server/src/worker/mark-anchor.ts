import { type Point, type RasterImage, visibleShape } from '@vectrace/tracer';

/**
 * The point the watermark is fixed to: the middle of the picture's visible shape (the engine's,
 * as the cut contour reads it: what is opaque, or what differs from the ground along the border),
 * its pixels weighed alike, in image pixels. So every upload of one picture gets its mark on the
 * same parts of the art: shifted or padded, the point moves with the art; a dot added moves it by
 * the dot's share of the shape (an 8 px dot beside a 400 px logo: a fraction of a pixel). Previews
 * of copies then carry the same mark where they are laid over each other, and no median, minimum
 * or maximum of them takes it off. The image's middle when nothing is visible.
 */
export function markAnchorOf(image: RasterImage): Point {
  const shape = visibleShape(image, 1);
  let [sumX, sumY, count] = [0, 0, 0];
  if (shape) {
    for (let y = 0, p = 0; y < shape.height; y++) {
      for (let x = 0; x < shape.width; x++, p++) {
        if (!shape.bits[p]) continue;
        sumX += x;
        sumY += y;
        count++;
      }
    }
  }
  if (count === 0) return { x: image.width / 2, y: image.height / 2 };
  // Pixel centers: a picture and its mirror image agree on where the middle is.
  return { x: sumX / count + 0.5, y: sumY / count + 0.5 };
}
