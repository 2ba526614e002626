import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage, decodeImage, imagePipeline, sniffImageType } from '../src/decode.js';
import { TraceError } from '../src/errors.js';
import type { RasterImage } from '../src/model.js';

// A 6 x 4 picture with a pixel of its own everywhere: rows of red, green, blue and white, each
// darker to the right, and its first pixel half transparent where the format carries alpha.
const WIDTH = 6;
const HEIGHT = 4;
const rowColors = [
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
  [255, 255, 255],
];
function picture({ alpha = false } = {}): RasterImage {
  const data = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const shade = 1 - x / 8;
      const [r, g, b] = (rowColors[y] as number[]).map((c) => Math.round(c * shade));
      data.set([r ?? 0, g ?? 0, b ?? 0, alpha && x === 0 && y === 0 ? 128 : 255], (y * WIDTH + x) * 4);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

const raw = (image: RasterImage) =>
  sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } });

/** The pixels as [r, g, b, a] rows, for a readable difference when a test fails. */
const pixels = (image: RasterImage) =>
  Array.from({ length: image.height }, (_, y) =>
    Array.from({ length: image.width }, (_, x) => [
      ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x + 1) * 4),
    ]),
  );

/** The error a promise or call ends with. */
async function failure(run: () => Promise<unknown> | unknown): Promise<TraceError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof TraceError) return err;
    throw err;
  }
  throw new Error('expected a TraceError');
}

interface BmpForm {
  bitsPerPixel: 1 | 4 | 8 | 16 | 24 | 32;
  /** 40 (BITMAPINFOHEADER), 108 (V4) or 124 (V5). */
  headerSize?: number;
  topDown?: boolean;
  /** BI_BITFIELDS with these masks (red, green, blue, alpha). */
  masks?: [number, number, number, number];
  /** Another compression code, written as is (the pixels are then not what it says). */
  compression?: number;
}

/**
 * Writes the image as a BMP of the given form, by hand as the format describes it: palette forms
 * take their palette from the image's colors (at most 2, 16 or 256).
 */
function bmp(image: RasterImage, form: BmpForm): Buffer {
  const { bitsPerPixel, headerSize = 40, topDown = false, masks } = form;
  const colors: number[] = [];
  const colorAt = (i: number) =>
    (image.data[i] ?? 0) * 65536 + (image.data[i + 1] ?? 0) * 256 + (image.data[i + 2] ?? 0);
  if (bitsPerPixel <= 8) {
    for (let i = 0; i < image.data.length; i += 4) if (!colors.includes(colorAt(i))) colors.push(colorAt(i));
    if (colors.length > 2 ** bitsPerPixel) throw new Error('too many colors for this form');
  }
  const masksAfterHeader = masks && headerSize === 40 ? 12 : 0;
  const paletteStart = 14 + headerSize + masksAfterHeader;
  const pixelOffset = paletteStart + colors.length * 4;
  const stride = Math.ceil((image.width * bitsPerPixel) / 32) * 4;
  const file = Buffer.alloc(pixelOffset + stride * image.height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(pixelOffset, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(image.width, 18);
  file.writeInt32LE(topDown ? -image.height : image.height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bitsPerPixel, 28);
  file.writeUInt32LE(form.compression ?? (masks ? 3 : 0), 30);
  file.writeUInt32LE(colors.length, 46);
  if (masks) {
    for (const [i, mask] of masks.entries())
      if (i < 3 || headerSize > 40) file.writeUInt32LE(mask >>> 0, 54 + i * 4);
  }
  for (const [i, color] of colors.entries()) {
    file.writeUInt8(color & 255, paletteStart + i * 4);
    file.writeUInt8((color >> 8) & 255, paletteStart + i * 4 + 1);
    file.writeUInt8(color >> 16, paletteStart + i * 4 + 2);
  }
  // Each channel scaled into its mask's bits.
  const packed = (rgba: number[], [mr, mg, mb, ma]: number[]) =>
    [mr, mg, mb, ma].reduce((value, mask, c) => {
      if (!mask) return value;
      const shift = Math.log2(mask & -mask);
      const top = mask / 2 ** shift;
      return value + Math.round(((rgba[c] ?? 0) * top) / 255) * 2 ** shift;
    }, 0);
  for (let y = 0; y < image.height; y++) {
    const row = pixelOffset + (topDown ? y : image.height - 1 - y) * stride;
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      const rgba = [...image.data.subarray(i, i + 4)];
      if (bitsPerPixel <= 8) {
        const bit = x * bitsPerPixel;
        const at = row + (bit >> 3);
        file[at] = (file[at] ?? 0) | (colors.indexOf(colorAt(i)) << (8 - bitsPerPixel - (bit & 7)));
      } else if (bitsPerPixel === 24) {
        file.set([rgba[2] ?? 0, rgba[1] ?? 0, rgba[0] ?? 0], row + x * 3);
      } else if (bitsPerPixel === 16) {
        file.writeUInt16LE(packed(rgba, masks ?? [0x7c00, 0x03e0, 0x001f, 0]), row + x * 2);
      } else {
        file.writeUInt32LE(packed(rgba, masks ?? [0xff0000, 0xff00, 0xff, 0]), row + x * 4);
      }
    }
  }
  return file;
}

/** The picture with each channel rounded to `bits` bits and back, as a 16-bit BMP keeps it. */
function rounded(image: RasterImage, bits: number[]): RasterImage {
  const data = image.data.map((value, i) => {
    const top = 2 ** (bits[i % 4] ?? 8) - 1;
    return i % 4 === 3 ? value : Math.round((Math.round((value * top) / 255) * 255) / top);
  });
  return { ...image, data };
}

const opaque = picture();
const withAlpha = picture({ alpha: true });

describe('decoding WebP, GIF and TIFF', () => {
  it('a lossless WebP decodes to its exact pixels, alpha included', async () => {
    const bytes = await raw(withAlpha).webp({ lossless: true }).toBuffer();
    expect(sniffImageType(bytes)).toBe('webp');
    expect(pixels(await decodeImage(bytes))).toEqual(pixels(withAlpha));
  });

  it('a TIFF decodes to its exact pixels, alpha included', async () => {
    const bytes = await raw(withAlpha).tiff({ compression: 'lzw' }).toBuffer();
    expect(sniffImageType(bytes)).toBe('tiff');
    expect(pixels(await decodeImage(bytes))).toEqual(pixels(withAlpha));
  });

  it('a GIF decodes to its pixels; an animated GIF to its first frame only', async () => {
    // A GIF holds at most 256 colors: this picture has 24.
    const still = await raw(opaque).gif({ dither: 0 }).toBuffer();
    expect(sniffImageType(still)).toBe('gif');
    expect(pixels(await decodeImage(still))).toEqual(pixels(opaque));

    const red = new Uint8Array(WIDTH * HEIGHT * 4).map((_, i) => (i % 4 === 0 || i % 4 === 3 ? 255 : 0));
    const blue = new Uint8Array(WIDTH * HEIGHT * 4).map((_, i) => (i % 4 >= 2 ? 255 : 0));
    const frames = Buffer.concat([red, blue]);
    const animated = await sharp(frames, {
      raw: { width: WIDTH, height: HEIGHT * 2, channels: 4, pageHeight: HEIGHT },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const first = await decodeImage(animated);
    expect([first.width, first.height]).toEqual([WIDTH, HEIGHT]);
    expect(first.data).toEqual(red);
  });
});

describe('decoding BMP', () => {
  const cases: [string, BmpForm, RasterImage][] = [
    ['24-bit, bottom-up', { bitsPerPixel: 24 }, opaque],
    ['24-bit, top-down', { bitsPerPixel: 24, topDown: true }, opaque],
    ['32-bit BI_RGB (the fourth byte unused: opaque)', { bitsPerPixel: 32 }, opaque],
    [
      '32-bit V5 with BI_BITFIELDS and an alpha mask',
      { bitsPerPixel: 32, headerSize: 124, masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000] },
      withAlpha,
    ],
    [
      '32-bit V4 with masks in another order (RGBA bytes)',
      { bitsPerPixel: 32, headerSize: 108, masks: [0x000000ff, 0x0000ff00, 0x00ff0000, 0xff000000] },
      withAlpha,
    ],
    [
      '16-bit 5-6-5 with BI_BITFIELDS after a BITMAPINFOHEADER',
      { bitsPerPixel: 16, masks: [0xf800, 0x07e0, 0x001f, 0] },
      rounded(opaque, [5, 6, 5]),
    ],
    ['16-bit 5-5-5 BI_RGB', { bitsPerPixel: 16 }, rounded(opaque, [5, 5, 5])],
  ];

  it.each(cases)('%s decodes to its pixels', async (_name, form, expected) => {
    const bytes = bmp(expected, form);
    expect(sniffImageType(bytes)).toBe('bmp');
    expect(pixels(await decodeImage(bytes))).toEqual(pixels(expected));
    expect(await checkImage(bytes)).toEqual({ type: 'bmp', width: WIDTH, height: HEIGHT });
  });

  it('8, 4 and 1-bit palettes decode to their colors, either way up', async () => {
    // 24 colors for 8 bits, 12 for 4 bits (three shades a row), 2 for 1 bit (stripes).
    const twelve = {
      ...opaque,
      data: opaque.data.map((v, i) => (Math.floor(i / 4) % WIDTH < 3 ? v : (opaque.data[i - 12] ?? 0))),
    };
    const stripes = {
      ...opaque,
      data: opaque.data.map((v, i) => (i % 4 === 3 ? v : Math.floor(i / 4) % 3 === 0 ? 0 : 255)),
    };
    const forms: [1 | 4 | 8, RasterImage][] = [
      [8, opaque],
      [4, twelve],
      [1, stripes],
    ];
    for (const topDown of [false, true]) {
      for (const [bitsPerPixel, image] of forms) {
        const decoded = await decodeImage(bmp(image, { bitsPerPixel, topDown }));
        expect(pixels(decoded), `${bitsPerPixel} bits, top-down: ${topDown}`).toEqual(pixels(image));
      }
    }
  });

  it('is reduced with maxSide like the other types', async () => {
    const big = { width: 300, height: 200, data: new Uint8Array(300 * 200 * 4).fill(200) };
    const reduced = await decodeImage(bmp(big, { bitsPerPixel: 24 }), { maxSide: 150 });
    expect([reduced.width, reduced.height]).toEqual([150, 100]);
    expect(reduced.data[0]).toBe(200);
  });

  it('a picture of a big BMP reads only as many pixels as it shows, the nearest ones', async () => {
    // 400 x 200: the left half red, the right half blue.
    const data = new Uint8Array(400 * 200 * 4).map((_, i) =>
      i % 4 === 3
        ? 255
        : i % 4 === 0
          ? Math.floor(i / 4) % 400 < 200
            ? 255
            : 0
          : i % 4 === 2
            ? Math.floor(i / 4) % 400 < 200
              ? 0
              : 255
            : 0,
    );
    const pipeline = imagePipeline(bmp({ width: 400, height: 200, data }, { bitsPerPixel: 24 }), {
      sampleSide: 40,
    });
    const { data: small, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 20]);
    expect([...small.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...small.subarray(39 * 4, 40 * 4)]).toEqual([0, 0, 255, 255]);
    // The other types go to sharp as they are.
    const webp = await raw(opaque).webp({ lossless: true }).toBuffer();
    expect((await imagePipeline(webp).metadata()).format).toBe('webp');
  });

  it('RLE, other compressions and OS/2 bitmaps are refused with a sentence naming why', async () => {
    const rle = await failure(() => decodeImage(bmp(opaque, { bitsPerPixel: 8, compression: 1 })));
    expect(rle.code).toBe('corrupt');
    expect(rle.message).toBe('The image could not be decoded (its RLE compression is not supported)');
    const jpegInside = await failure(() => checkImage(bmp(opaque, { bitsPerPixel: 24, compression: 4 })));
    expect(jpegInside.reason).toBe('its compression is not supported');
    const os2 = bmp(opaque, { bitsPerPixel: 24 });
    os2.writeUInt32LE(12, 14);
    expect((await failure(() => decodeImage(os2))).reason).toBe('OS/2 bitmaps are not supported');
    const twoBit = bmp(opaque, { bitsPerPixel: 24 });
    twoBit.writeUInt16LE(2, 28);
    expect((await failure(() => decodeImage(twoBit))).reason).toBe('2 bits per pixel are not supported');
  });

  it('a BMP cut short is refused, by its check too, before any pixel is read', async () => {
    const whole = bmp(opaque, { bitsPerPixel: 24 });
    const cut = whole.subarray(0, whole.length - 10);
    for (const run of [() => decodeImage(cut), () => checkImage(cut)]) {
      const error = await failure(run);
      expect(error.code).toBe('corrupt');
      expect(error.reason).toBe('the pixel data is cut short');
    }
    const headerOnly = whole.subarray(0, 20);
    expect((await failure(() => decodeImage(headerOnly))).reason).toBe('the header is cut short');
  });

  it('a BMP whose header claims 60000 × 60000 pixels is refused from its header, allocating nothing', async () => {
    const bomb = bmp(opaque, { bitsPerPixel: 24 });
    bomb.writeInt32LE(60_000, 18);
    bomb.writeInt32LE(60_000, 22);
    const before = process.memoryUsage().arrayBuffers;
    const error = await failure(() => decodeImage(bomb));
    expect(error.code).toBe('too-large');
    expect(error.message).toBe('The image is larger than 50 megapixels (60000 × 60000 pixels)');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 * 1024 * 1024);
  });
});

describe('files that are not images we read, and damaged ones', () => {
  it('is judged by the first bytes, never the name: SVG, HEIC-like and text are "not a … image"', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const text = Buffer.from('BM is not a bitmap, just a note');
    for (const bytes of [svg, text, Buffer.alloc(0)]) {
      const error = await failure(() => decodeImage(bytes));
      expect(error.code).toBe('unsupported-type');
      expect(error.message).toBe('This file is not a PNG, JPEG, WebP, GIF, BMP or TIFF image');
      expect((await failure(() => checkImage(bytes))).code).toBe('unsupported-type');
    }
  });

  it('a PNG damaged in its pixels is refused by the check, with the decoder’s reason', async () => {
    const png = await raw(opaque).png({ compressionLevel: 0 }).toBuffer();
    const damaged = Buffer.from(png);
    // Inside the IDAT chunk: the data no longer matches its checksum.
    for (let i = 60; i < 80; i++) damaged[i] = (damaged[i] ?? 0) ^ 0x5a;
    const error = await failure(() => checkImage(damaged));
    expect(error.code).toBe('corrupt');
    expect(error.message).toMatch(/^The image could not be decoded \(.+\)$/);
    expect((await failure(() => decodeImage(damaged))).message).toBe(error.message);
  });

  it('damaged or cut-short WebP, GIF and TIFF files are refused by the check', async () => {
    const files = {
      webp: await raw(opaque).webp({ lossless: true }).toBuffer(),
      gif: await raw(opaque).gif().toBuffer(),
      tiff: await raw(opaque).tiff().toBuffer(),
    };
    for (const [type, bytes] of Object.entries(files)) {
      const cut = bytes.subarray(0, Math.floor(bytes.length * 0.6));
      const error = await failure(() => checkImage(cut));
      expect(error.code, type).toBe('corrupt');
      expect(error.message, type).toMatch(/^The image could not be decoded \(.+\)$/);
    }
  });

  it('the check reads only the first rows of a large image: a PNG cut short at its end passes it, then fails to decode', async () => {
    const side = 2400; // 5.8 megapixels: more than the check reads
    const noise = new Uint8Array(side * side).map((_, i) => Math.imul(i, 2654435761) >>> 24);
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 1 } })
      .png()
      .toBuffer();
    const cut = png.subarray(0, Math.floor(png.length * 0.9));
    expect(await checkImage(cut)).toEqual({ type: 'png', width: side, height: side });
    expect((await failure(() => decodeImage(cut))).code).toBe('corrupt');
    // The same cut on a small image is caught by the check, which reads all of it.
    const small = await sharp(noise.subarray(0, 300 * 300), { raw: { width: 300, height: 300, channels: 1 } })
      .png()
      .toBuffer();
    expect((await failure(() => checkImage(small.subarray(0, Math.floor(small.length * 0.9))))).code).toBe(
      'corrupt',
    );
  });
});
