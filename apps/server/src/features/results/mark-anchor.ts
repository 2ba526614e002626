import type { Point, RasterImage } from '@vectrace/tracer';

/** How far (on any channel) a pixel is from the ground to count as part of the picture. */
const INK = 48;

/**
 * The point the watermark is fixed to: the middle of the picture's content, its pixels weighed
 * alike, in image pixels. The content is what is opaque on a transparent image, else what differs
 * from the ground (the border's usual color). So every upload of one picture gets its mark on the
 * same parts of the art: shifted or padded, the point moves with the art; a dot added moves it by
 * the dot's share of the content (an 8 px dot beside a 400 px logo: a fraction of a pixel), and
 * JPEG noise stays under INK. Previews of copies then carry the same mark where they are laid over
 * each other, and no median, minimum or maximum of them takes it off. The image's middle when it
 * has no content.
 */
export function markAnchorOf({ width, height, data }: RasterImage): Point {
  const transparent = hasTransparentBorder(data, width, height);
  const ground = borderColor(data, width, height);
  let [sumX, sumY, count] = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    let inRow = 0;
    let xs = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const content = transparent
        ? data[i + 3] >= 128
        : Math.abs(data[i] - ground[0]) > INK ||
          Math.abs(data[i + 1] - ground[1]) > INK ||
          Math.abs(data[i + 2] - ground[2]) > INK;
      if (!content) continue;
      inRow++;
      xs += x;
    }
    sumX += xs;
    sumY += inRow * y;
    count += inRow;
  }
  if (count === 0) return { x: width / 2, y: height / 2 };
  // Pixel centers: a picture and its mirror image agree on where the middle is.
  return { x: sumX / count + 0.5, y: sumY / count + 0.5 };
}

/** Whether most of the border is transparent (a logo on transparency). */
function hasTransparentBorder(data: RasterImage['data'], width: number, height: number): boolean {
  let clear = 0;
  const border = borderPixels(width, height);
  for (const p of border) if (data[p * 4 + 3] < 128) clear++;
  return clear * 2 > border.length;
}

/** The border's usual color: the median of each channel over its pixels. */
function borderColor(data: RasterImage['data'], width: number, height: number): [number, number, number] {
  const border = borderPixels(width, height);
  const channel = (c: number) => {
    const values = border.map((p) => data[p * 4 + c]).sort((a, b) => a - b);
    return values[values.length >> 1] ?? 255;
  };
  return [channel(0), channel(1), channel(2)];
}

/** The indices of the pixels on the image's edge. */
function borderPixels(width: number, height: number): number[] {
  const pixels: number[] = [];
  for (let x = 0; x < width; x++) pixels.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) pixels.push(y * width, y * width + width - 1);
  return pixels;
}
