import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { decodeBmp, isBmp, readBmpLayout } from './bmp.js';
import { TraceError } from './errors.js';
import { type ImageType, imageTypeWords } from './input-formats.js';
import type { RasterImage } from './model.js';
import { MAX_PIXELS } from './settings/index.js';

export type { ImageType } from './input-formats.js';

const signatures: Record<Exclude<ImageType, 'bmp' | 'webp' | 'gif' | 'tiff'>, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

// libvips would also decode SVG, PDF, HEIF and more, each one more parser exposed to untrusted
// bytes. Only the loaders of the types we accept stay open (RELIABILITY.md, "sharp"); BMP is read
// by ./bmp.ts, not by libvips. This is process-wide: importing this module restricts every sharp
// call in the process. Import it on one thread only (the command line's worker threads do not
// decode): the block and unblock are two steps, and between them another thread's decode fails.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadPngBuffer',
    'VipsForeignLoadJpegBuffer',
    'VipsForeignLoadWebpBuffer',
    'VipsForeignLoadNsgifBuffer',
    'VipsForeignLoadTiffBuffer',
  ],
});

/** The sentence for a file that is none of the types we accept. */
export const UNSUPPORTED_TYPE = `This file is not a ${imageTypeWords} image`;

/** The type the file's first bytes announce, whatever its name says; undefined if none we read. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const ascii = (start: number, text: string) =>
    [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));
  for (const type of ['png', 'jpeg'] as const) {
    if (signatures[type].every((byte, i) => bytes[i] === byte)) return type;
  }
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'II*\0') || ascii(0, 'MM\0*')) return 'tiff';
  if (isBmp(bytes)) return 'bmp';
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
 * Decodes an image of a type we accept into the engine's RGBA input, upright per its EXIF
 * orientation; a GIF gives its first frame, a TIFF its first page. With `maxSide`, reduced to at
 * most that many pixels on its longer side, with `maxPixels` to at most that many pixels in all
 * (never enlarged). Images over MAX_PIXELS are refused from their header, before any pixel is
 * decoded.
 */
export async function decodeImage(
  bytes: Uint8Array,
  { maxSide, maxPixels }: DecodeBounds = {},
): Promise<RasterImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new TraceError('unsupported-type', UNSUPPORTED_TYPE);
  if (type === 'bmp') return reduced(decodeBmp(bytes, MAX_PIXELS), { maxSide, maxPixels });
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
    return rgba(
      await upright.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    );
  } catch (err) {
    throw decodeFailure(err);
  }
}

/** What a person reads about a failed decode: over the pixel limit, or the decoder's reason. */
function decodeFailure(err: unknown): TraceError {
  const message = err instanceof Error ? err.message : String(err);
  if (message.includes('exceeds pixel limit')) {
    return new TraceError('too-large', `The image is larger than ${MAX_PIXELS / 1e6} megapixels`);
  }
  const reason = shortReason(message);
  return new TraceError('corrupt', `The image could not be decoded (${reason})`, reason);
}

/** A decoded BMP, reduced as sharp reduces the others. */
async function reduced(image: RasterImage, { maxSide, maxPixels }: DecodeBounds): Promise<RasterImage> {
  const sided = maxSide ? sideWithin(image, maxSide) : image;
  const target = maxPixels ? sizeWithin(sided, maxPixels) : sided;
  if (target.width === image.width && target.height === image.height) return image;
  const raw = { width: image.width, height: image.height, channels: 4 as const };
  const output = await sharp(image.data, { raw })
    .resize(target.width, target.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgba(output);
}

function rgba({ data, info }: { data: Buffer; info: OutputInfo }): RasterImage {
  if (info.channels !== 4 || data.length !== info.width * info.height * 4) {
    throw new Error(`unexpected ${info.channels}-channel output`);
  }
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
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

/**
 * A sharp pipeline that reads the image, whichever accepted type it is, for pictures of it (a
 * thumbnail, a PNG for the browser); with `sampleSide`, a BMP is read at most that many pixels on
 * its longer side (sharp has no BMP reader: it is decoded here, at a cost that follows the output).
 */
export function imagePipeline(bytes: Uint8Array, { sampleSide }: { sampleSide?: number } = {}): Sharp {
  if (sniffImageType(bytes) !== 'bmp') return sharp(bytes, { limitInputPixels: MAX_PIXELS });
  const { width, height, data } = decodeBmp(bytes, MAX_PIXELS, sampleSide);
  return sharp(data, { raw: { width, height, channels: 4 } });
}

/** How many pixels `checkImage` decodes at most: all of a small image, the first rows of a big one. */
export const CHECK_PIXELS = 4_000_000;

/**
 * Checks that the bytes are an image we read, within the pixel limit, whose header and first rows
 * (up to CHECK_PIXELS pixels: all of a small image) decode; its type and stored size, or the
 * TraceError that decodeImage would give. Cheap enough for every upload: a pixel bomb is refused
 * from its header, and a big image costs a few of its rows. With `firstRows: false`, the header
 * only (for bytes checked once already).
 */
export async function checkImage(
  bytes: Uint8Array,
  { firstRows = true }: { firstRows?: boolean } = {},
): Promise<{ type: ImageType; width: number; height: number }> {
  const type = sniffImageType(bytes);
  if (!type) throw new TraceError('unsupported-type', UNSUPPORTED_TYPE);
  if (type === 'bmp') {
    // Uncompressed: a layout that reads, with all its rows present, decodes.
    const { width, height } = readBmpLayout(bytes, MAX_PIXELS);
    return { type, width, height };
  }
  // sharp's own limit must be off for this header read, or a bigger bomb makes metadata() fail
  // with a message that does not say the image is too large.
  let width: number;
  let height: number;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch (err) {
    throw decodeFailure(err);
  }
  if (width * height > MAX_PIXELS) throw tooManyPixels(width, height);
  if (!firstRows) return { type, width, height };
  const rows = Math.max(1, Math.min(height, Math.floor(CHECK_PIXELS / width)));
  try {
    await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .extract({ left: 0, top: 0, width, height: rows })
      .raw()
      .toBuffer();
  } catch (err) {
    throw decodeFailure(err);
  }
  return { type, width, height };
}

function tooManyPixels(width: number, height: number): TraceError {
  return new TraceError(
    'too-large',
    `The image is larger than ${MAX_PIXELS / 1e6} megapixels (${width} × ${height} pixels)`,
  );
}

/** The size of an image upright per its EXIF orientation, read from its header. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  if (sniffImageType(bytes) === 'bmp') return readBmpLayout(bytes, MAX_PIXELS);
  const { autoOrient } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  return { width: autoOrient.width, height: autoOrient.height };
}
