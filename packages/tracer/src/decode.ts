import sharp from 'sharp';
import { TraceError } from './errors.js';
import type { RasterImage } from './model.js';
import { MAX_PIXELS } from './settings.js';

/** The image types we accept. */
export type ImageType = 'png' | 'jpeg';

const signatures: Record<ImageType, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

// libvips would also decode SVG, TIFF, WebP, GIF and more, each one more parser exposed to
// untrusted bytes. Only the PNG and JPEG loaders stay open (RELIABILITY.md, "sharp"). This is
// process-wide: importing this module restricts every sharp call in the process.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadPngBuffer', 'VipsForeignLoadJpegBuffer'] });

/** The type the file's first bytes announce, whatever its name says; undefined if neither. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  for (const type of ['png', 'jpeg'] as const) {
    if (signatures[type].every((byte, i) => bytes[i] === byte)) return type;
  }
  return undefined;
}

/** How an image is reduced when decoded (never enlarged); the aspect ratio is kept. */
export interface DecodeBounds {
  /** At most this many pixels on its longer side. */
  maxSide?: number;
  /** At most this many pixels in all (width × height). */
  maxPixels?: number;
}

/**
 * The size an image of `size` is reduced to so that it has at most `maxPixels` pixels, its aspect
 * ratio kept (each side rounded down, at least 1 pixel); the size itself when it is within.
 */
export function sizeWithin(
  size: { width: number; height: number },
  maxPixels: number,
): { width: number; height: number } {
  const { width, height } = size;
  if (width * height <= maxPixels) return size;
  const scale = Math.sqrt(maxPixels / (width * height));
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  };
}

/** The size `size` is reduced to so that its longer side is at most `maxSide` (as sharp's fit inside). */
function sideWithin(size: { width: number; height: number }, maxSide: number) {
  const { width, height } = size;
  if (Math.max(width, height) <= maxSide) return size;
  const scale = maxSide / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Decodes a PNG or JPEG into the engine's RGBA input, upright per its EXIF orientation; with
 * `maxSide`, reduced to at most that many pixels on its longer side, with `maxPixels` to at most
 * that many pixels in all (never enlarged). Images over MAX_PIXELS are refused from their header,
 * before any pixel is decoded.
 */
export async function decodeImage(
  bytes: Uint8Array,
  { maxSide, maxPixels }: DecodeBounds = {},
): Promise<RasterImage> {
  if (!sniffImageType(bytes)) {
    throw new TraceError('unsupported-type', 'This file is not a PNG or JPEG image');
  }
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient();
    if (maxSide) upright.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    if (maxPixels) {
      // The size is worked out here, not left to the resize's rounding: it is a promise.
      const upSize = await imageSize(bytes);
      const sided = maxSide ? sideWithin(upSize, maxSide) : upSize;
      const target = sizeWithin(sided, maxPixels);
      if (target !== sided) upright.resize(target.width, target.height, { fit: 'fill' });
    }
    const { data, info } = await upright
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4 || data.length !== info.width * info.height * 4) {
      throw new Error(`unexpected ${info.channels}-channel output`);
    }
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (message.includes('exceeds pixel limit')) {
      throw new TraceError('too-large', `The image is larger than ${MAX_PIXELS / 1e6} megapixels`);
    }
    const reason = shortReason(message);
    throw new TraceError('corrupt', `The image could not be decoded (${reason})`, reason);
  }
}

// libvips reports e.g. "Input buffer has corrupt header: VipsJpeg: premature end of JPEG image\n…":
// keep the first line, without the wrapper and the library's name.
function shortReason(message: string): string {
  const first = (message.split('\n')[0] ?? '').trim();
  const detail = first
    .replace(/^Input buffer has corrupt header:\s*/, '')
    .replace(/^\w+:\s*/, '')
    .trim();
  if (detail) return detail;
  return first.startsWith('Input buffer has corrupt header') ? 'corrupt header' : 'unknown error';
}

/** The size of a PNG or JPEG upright per its EXIF orientation, read from its header. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const { autoOrient } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  return { width: autoOrient.width, height: autoOrient.height };
}
