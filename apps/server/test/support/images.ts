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

/** A PNG cut off halfway: its header is fine, its pixels are not. */
export async function truncatedPng(): Promise<Buffer> {
  const png = await logoPng(400);
  return png.subarray(0, Math.floor(png.length / 2));
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
