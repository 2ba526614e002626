import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG: a black disc and bar on white, like a simple logo. */
export async function logoPng(size = 200): Promise<Buffer> {
  const data = Buffer.alloc(size * size * 4, 255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x - size * 0.35;
      const dy = y - size * 0.5;
      const inDisc = dx * dx + dy * dy < (size * 0.25) ** 2;
      const inBar = x > size * 0.65 && x < size * 0.85 && y > size * 0.2 && y < size * 0.8;
      if (inDisc || inBar) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  }
  return sharp(data, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * A real PNG: white lines 3 px wide on black (a line, a circle, a cross), anti-aliased by each
 * pixel's distance to the nearest line, like a white engraving.
 */
export async function whiteLinesPng(size = 200): Promise<Buffer> {
  const u = size / 200;
  const segment = (x: number, y: number, [ax, ay, bx, by]: number[]) => {
    const t = Math.max(
      0,
      Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
    );
    return Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay));
  };
  const lines = [
    [20, 30, 90, 30],
    [110, 140, 170, 140],
    [140, 110, 140, 170],
  ].map((line) => line.map((v) => v * u));
  const data = Buffer.alloc(size * size * 4, 255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [px, py] = [x + 0.5, y + 0.5];
      const d = Math.min(
        Math.abs(Math.hypot(px - 140 * u, py - 60 * u) - 30 * u),
        ...lines.map((line) => segment(px, py, line)),
      );
      const level = Math.round(255 * Math.max(0, Math.min(1, 2 - d)));
      data.fill(level, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  }
  return sharp(data, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();
}

/** The same logo as a JPEG. */
export async function logoJpeg(size = 200): Promise<Buffer> {
  return sharp(await logoPng(size))
    .jpeg({ quality: 90 })
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid, all-white 1-bit PNG of any size: a 20000 x 20000 one is a few hundred KB on disk
 * and 1.2 GB once decoded (a "pixel bomb").
 */
export function whitePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A large PNG cut off near its end: its header and first rows are fine, so the upload's check
 * (which decodes only the first rows of a large image) takes it; its last rows are missing.
 */
export async function truncatedPng(): Promise<Buffer> {
  const png = await logoPng(3000);
  return png.subarray(0, Math.floor(png.length * 0.9));
}

/** A small PNG cut off halfway: its header is fine, its pixels are not, as the upload's check sees. */
export async function damagedPng(): Promise<Buffer> {
  const png = await logoPng(400);
  return png.subarray(0, Math.floor(png.length / 2));
}

/** The logo as WebP (lossless), GIF or TIFF, written by sharp. */
export async function logoAs(type: 'webp' | 'gif' | 'tiff', size = 200): Promise<Buffer> {
  const logo = sharp(await logoPng(size));
  if (type === 'webp') return logo.webp({ lossless: true }).toBuffer();
  return type === 'gif' ? logo.gif().toBuffer() : logo.tiff().toBuffer();
}

/** The logo as a 24-bit BMP (BITMAPINFOHEADER, rows bottom-up), written by hand as the format says. */
export async function logoBmp(size = 200): Promise<Buffer> {
  const { data } = await sharp(await logoPng(size))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const stride = Math.ceil((size * 3) / 4) * 4;
  const file = Buffer.alloc(54 + stride * size);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(size, 18);
  file.writeInt32LE(size, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 3;
      const to = 54 + (size - 1 - y) * stride + x * 3;
      file.set([data[from + 2] ?? 0, data[from + 1] ?? 0, data[from] ?? 0], to);
    }
  }
  return file;
}

/** Black and white noise: a valid PNG that takes seconds to trace (about 4 s at 2000 px). */
export async function noisePng(size = 2000, seed = 1): Promise<Buffer> {
  const data = Buffer.alloc(size * size);
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    data[i] = (s >>> 16) & 1 ? 0 : 255;
  }
  return sharp(data, { raw: { width: size, height: size, channels: 1 } })
    .png({ palette: true, colours: 2 })
    .toBuffer();
}
