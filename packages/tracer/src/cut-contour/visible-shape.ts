import { OPAQUE_FROM } from '../alpha.js';
import type { Color, RasterImage } from '../model.js';
import type { Bitmap } from '../outline/bitmap.js';

/** A pixel this far (max channel difference) from the border's color is part of the shape. */
const BORDER_DIFFERENCE = 40;

/**
 * The visible shape of a picture: its opaque pixels when it has transparency, else the pixels that
 * differ from the most common color along its border (the ground). On a grid of `scale` x `scale`
 * blocks, a block visible if any of its pixels is; undefined when nothing is visible. The sticker
 * cut contour runs round it; the server's preview watermark is fixed to its middle.
 */
export function visibleShape(image: RasterImage, scale: number): Bitmap | undefined {
  const { width, height, data } = image;
  let transparent = false;
  for (let o = 3; o < data.length; o += 4) {
    if (data[o] < OPAQUE_FROM) {
      transparent = true;
      break;
    }
  }
  const ground = transparent ? undefined : borderColor(image);
  const gw = Math.ceil(width / scale);
  const gh = Math.ceil(height / scale);
  const bits = new Uint8Array(gw * gh);
  let any = false;
  for (let y = 0, o = 0; y < height; y++) {
    const row = Math.floor(y / scale) * gw;
    for (let x = 0; x < width; x++, o += 4) {
      const visible = ground
        ? Math.max(
            Math.abs(data[o] - ground.r),
            Math.abs(data[o + 1] - ground.g),
            Math.abs(data[o + 2] - ground.b),
          ) > BORDER_DIFFERENCE
        : data[o + 3] >= OPAQUE_FROM;
      if (visible) {
        bits[row + Math.floor(x / scale)] = 1;
        any = true;
      }
    }
  }
  return any ? { width: gw, height: gh, bits } : undefined;
}

/** The most common color along the image's border. */
function borderColor({ width, height, data }: RasterImage): Color {
  const counts = new Map<number, number>();
  const count = (x: number, y: number) => {
    const o = (y * width + x) * 4;
    const key = (data[o] << 16) | (data[o + 1] << 8) | data[o + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (let x = 0; x < width; x++) {
    count(x, 0);
    count(x, height - 1);
  }
  for (let y = 0; y < height; y++) {
    count(0, y);
    count(width - 1, y);
  }
  let best = 0;
  let most = -1;
  for (const [key, n] of counts) {
    if (n > most) {
      most = n;
      best = key;
    }
  }
  return { r: best >> 16, g: (best >> 8) & 255, b: best & 255 };
}
