import { TraceError } from './errors.js';
import type { RasterImage } from './model.js';

// libvips reads BMP only through ImageMagick, which sharp's prebuilt binaries leave out, so the
// common forms are read here: the Windows headers (BITMAPINFOHEADER, V2 to V5), 1, 4 and 8-bit
// palettes, 16, 24 and 32-bit pixels, uncompressed or with bit masks, either way up. Everything
// is checked against the file's length and the pixel limit before a byte is allocated.

/** Where a BMP's pixels are and how to read them. */
export interface BmpLayout {
  width: number;
  height: number;
  /** Rows stored top first (a negative height in the header); most BMPs store them bottom first. */
  topDown: boolean;
  bitsPerPixel: number;
  pixelOffset: number;
  /** Bytes per stored row, padded to four. */
  stride: number;
  /** Palette entries as R, G, B (1, 4 and 8 bits per pixel). */
  palette: Uint8Array;
  /** Bit masks of red, green, blue and alpha (16 and 32 bits per pixel); alpha 0 when opaque. */
  masks: [number, number, number, number];
}

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
const infoHeaderSizes = [40, 52, 56, 108, 124];

const refuse = (reason: string) =>
  new TraceError('corrupt', `The image could not be decoded (${reason})`, reason);

/** Whether the first bytes are a BMP's: "BM", the file size, then four reserved zero bytes. */
export function isBmp(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 14 &&
    bytes[0] === 0x42 &&
    bytes[1] === 0x4d &&
    bytes[6] === 0 &&
    bytes[7] === 0 &&
    bytes[8] === 0 &&
    bytes[9] === 0
  );
}

/**
 * Reads a BMP's headers: its size and pixel layout. Refuses, with the reason, the forms not read
 * (RLE and other compressions, OS/2 headers), an image over `maxPixels` and pixel data cut short;
 * so a BMP whose layout reads decodes.
 */
export function readBmpLayout(bytes: Uint8Array, maxPixels: number): BmpLayout {
  if (bytes.length < 30) throw refuse('the header is cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixelOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (headerSize === 12 || headerSize === 16 || headerSize === 64) {
    throw refuse('OS/2 bitmaps are not supported');
  }
  if (!infoHeaderSizes.includes(headerSize) || bytes.length < 14 + headerSize) {
    throw refuse('the header is damaged');
  }
  const width = view.getInt32(18, true);
  const storedHeight = view.getInt32(22, true);
  const planes = view.getUint16(26, true);
  const bitsPerPixel = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const colorsUsed = view.getUint32(46, true);
  const height = Math.abs(storedHeight);
  if (width <= 0 || height === 0 || planes !== 1) throw refuse('the header is damaged');

  if (compression === BI_RLE8 || compression === BI_RLE4) {
    throw refuse('its RLE compression is not supported');
  }
  const masked = compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS;
  if (compression !== BI_RGB && !masked) {
    throw refuse('its compression is not supported');
  }
  if (
    ![1, 4, 8, 16, 24, 32].includes(bitsPerPixel) ||
    (masked && bitsPerPixel !== 16 && bitsPerPixel !== 32)
  ) {
    throw refuse(`${bitsPerPixel} bits per pixel are not supported`);
  }
  if (width * height > maxPixels) {
    const size = `${width} × ${height} pixels`;
    throw new TraceError('too-large', `The image is larger than ${maxPixels / 1e6} megapixels (${size})`);
  }

  const masks = masked ? bitMasks(view, headerSize, compression) : defaultMasks(bitsPerPixel);
  let palette = new Uint8Array(0);
  if (bitsPerPixel <= 8) {
    const entries = colorsUsed === 0 ? 2 ** bitsPerPixel : Math.min(colorsUsed, 2 ** bitsPerPixel);
    const start = 14 + headerSize;
    if (start + entries * 4 > Math.min(pixelOffset, bytes.length)) throw refuse('the palette is damaged');
    palette = new Uint8Array(entries * 3);
    for (let i = 0; i < entries; i++) {
      palette[i * 3] = bytes[start + i * 4 + 2] ?? 0;
      palette[i * 3 + 1] = bytes[start + i * 4 + 1] ?? 0;
      palette[i * 3 + 2] = bytes[start + i * 4] ?? 0;
    }
  }
  const stride = Math.ceil((width * bitsPerPixel) / 32) * 4;
  if (pixelOffset < 14 + headerSize || pixelOffset + stride * height > bytes.length) {
    throw refuse('the pixel data is cut short');
  }
  return { width, height, topDown: storedHeight < 0, bitsPerPixel, pixelOffset, stride, palette, masks };
}

/**
 * Decodes a BMP of a form `readBmpLayout` reads into RGBA, top row first. With `sampleSide`, a
 * larger image is read at most that many pixels on its longer side, taking the nearest pixel: the
 * cost follows the output, for a small picture of a big image.
 */
export function decodeBmp(bytes: Uint8Array, maxPixels: number, sampleSide?: number): RasterImage {
  const layout = readBmpLayout(bytes, maxPixels);
  const { topDown, bitsPerPixel, pixelOffset, stride, palette } = layout;
  const scale = sampleSide ? Math.min(1, sampleSide / Math.max(layout.width, layout.height)) : 1;
  const width = Math.max(1, Math.round(layout.width * scale));
  const height = Math.max(1, Math.round(layout.height * scale));
  const sourceOf = (at: number, size: number, stored: number) =>
    Math.min(stored - 1, Math.floor(((at + 0.5) * stored) / size));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data = new Uint8Array(width * height * 4);
  const channels = layout.masks.map(maskChannel);
  for (let outY = 0; outY < height; outY++) {
    const y = sourceOf(outY, height, layout.height);
    const row = pixelOffset + (topDown ? y : layout.height - 1 - y) * stride;
    for (let outX = 0; outX < width; outX++) {
      const x = sourceOf(outX, width, layout.width);
      const out = (outY * width + outX) * 4;
      if (bitsPerPixel <= 8) {
        const bit = x * bitsPerPixel;
        const byte = bytes[row + (bit >> 3)] ?? 0;
        const index = (byte >> (8 - bitsPerPixel - (bit & 7))) & ((1 << bitsPerPixel) - 1);
        // An index past the palette's end shows black, as browsers show it.
        const known = index * 3 < palette.length;
        data[out] = known ? (palette[index * 3] ?? 0) : 0;
        data[out + 1] = known ? (palette[index * 3 + 1] ?? 0) : 0;
        data[out + 2] = known ? (palette[index * 3 + 2] ?? 0) : 0;
        data[out + 3] = 255;
      } else if (bitsPerPixel === 24) {
        data[out] = bytes[row + x * 3 + 2] ?? 0;
        data[out + 1] = bytes[row + x * 3 + 1] ?? 0;
        data[out + 2] = bytes[row + x * 3] ?? 0;
        data[out + 3] = 255;
      } else {
        const value =
          bitsPerPixel === 16 ? view.getUint16(row + x * 2, true) : view.getUint32(row + x * 4, true);
        for (let c = 0; c < 4; c++) data[out + c] = channels[c]?.(value) ?? 255;
      }
    }
  }
  return { width, height, data };
}

/** The masks after the 40-byte header, or inside a V2 to V5 header. */
function bitMasks(view: DataView, headerSize: number, compression: number): BmpLayout['masks'] {
  const withAlpha = compression === BI_ALPHABITFIELDS || headerSize >= 56;
  if (view.byteLength < 54 + (withAlpha ? 16 : 12)) throw refuse('the header is damaged');
  return [
    view.getUint32(54, true),
    view.getUint32(58, true),
    view.getUint32(62, true),
    withAlpha ? view.getUint32(66, true) : 0,
  ];
}

/** Uncompressed 16 bits are 5-5-5, and 32 bits are blue, green, red and an unused byte. */
function defaultMasks(bitsPerPixel: number): BmpLayout['masks'] {
  if (bitsPerPixel === 16) return [0x7c00, 0x03e0, 0x001f, 0];
  return [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
}

/** Reads one channel out of a pixel through its mask, scaled to 0-255; undefined for no mask. */
function maskChannel(mask: number): ((value: number) => number) | undefined {
  if (mask === 0) return undefined;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (((mask >>> (shift + bits)) & 1) === 1 && bits < 32) bits++;
  const top = 2 ** bits - 1;
  return (value) => Math.round(((((value & mask) >>> 0) / 2 ** shift) * 255) / top);
}
