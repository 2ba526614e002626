import sharp from 'sharp';

/** An 8-bit RGBA raster, the shape every in-process engine here takes. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Decodes a PNG or JPEG for the peers: EXIF-rotated, RGBA. With `onWhite`,
 * transparency is first composited on white (for peers that would otherwise ignore alpha).
 */
export async function decode(bytes: Buffer, options: { onWhite?: boolean } = {}): Promise<Rgba> {
  let pipeline = sharp(bytes).rotate();
  if (options.onWhite) pipeline = pipeline.flatten({ background: '#ffffff' });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

/**
 * True where a pixel, composited on white, has luminance below 50%: the definition of foreground
 * (ink) for both corpora. Rec. 709 weights (0.2126, 0.7152, 0.0722) in 16-bit fixed point, as the
 * engine reads luminance; on colored real images the coarser (54, 183, 19)/256 moved the cut on
 * gradients by up to a level.
 */
export function isDark(data: Uint8Array, i: number): boolean {
  const alpha = data[i + 3];
  const luma = 13933 * data[i] + 46871 * data[i + 1] + 4732 * data[i + 2];
  return luma * alpha + 16711680 * (255 - alpha) < 2130739200; // 127.5 * 65536 * 255
}

/** The image thresholded at 50%: opaque black where dark, opaque white elsewhere. */
export function binarize(image: Rgba): Rgba {
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const v = isDark(image.data, i) ? 0 : 255;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data };
}
