import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, vectorize } from '../support/api.js';
import { Client } from '../support/client.js';
import { convert } from '../support/flows.js';
import { markPaid, startTestServer, type TestServer } from '../support/server.js';

/** A 200 px sticker: a black bar along the whole of its left edge, on white. */
async function edgePng(): Promise<Buffer> {
  const data = Buffer.alloc(200 * 200 * 4, 255);
  for (let y = 40; y < 160; y++) data.fill(0, y * 800, y * 800 + 100 * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return sharp(data, { raw: { width: 200, height: 200, channels: 4 } })
    .png()
    .toBuffer();
}

/** Whether a raster (RGBA) has the cut line's magenta anywhere in columns x0 to x1. */
function magentaIn(
  { data, info }: { data: Buffer; info: { width: number; height: number; channels: number } },
  x0: number,
  x1: number,
): boolean {
  for (let y = 0; y < info.height; y++) {
    for (let x = x0; x < x1; x++) {
      const o = (y * info.width + x) * info.channels;
      if (data[o + 3] > 100 && data[o] > 150 && data[o + 2] > 150 && data[o + 1] < 100) return true;
    }
  }
  return false;
}

describe('a cut contour that runs off the image', () => {
  let server: TestServer;
  let sticker: Buffer;
  beforeAll(async () => {
    server = await startTestServer();
    sticker = await edgePng();
  });
  afterAll(() => server?.stop());

  it('is on the page of the SVG, PDF and PNG the API writes, the PNG wider by the margin', async () => {
    const pro = await accountWithKey(server, { pro: true });
    const svg = Buffer.from(
      (await vectorize(server, pro.secret, sticker, { cutContour: '2mm' })).bytes,
    ).toString();
    // 2 mm is 7.6 px: the page reaches 8 px beyond the image on every side.
    expect(svg).toContain('width="216" height="216" viewBox="-8 -8 216 216"');
    const pdf = await vectorize(server, pro.secret, sticker, { cutContour: '2mm', format: 'pdf' });
    expect(Buffer.from(pdf.bytes).toString('latin1')).toContain('/MediaBox [0 0 216 216]');
    const png = await vectorize(server, pro.secret, sticker, {
      cutContour: '2mm',
      format: 'png',
      width: '400',
    });
    expect(png.status, Buffer.from(png.bytes).toString()).toBe(200);
    const raster = await sharp(png.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // The image is the 400 px asked, its page 432: the line left of the bar is drawn, not clipped.
    expect([raster.info.width, raster.info.height]).toEqual([432, 432]);
    expect(magentaIn(raster, 0, 16)).toBe(true);
  });

  it("previews the image's own frame, as the viewer lays it over the original", async () => {
    const owner = new Client(server.url);
    const conversion = await convert(owner, sticker, 'sticker.png', {
      cutContour: { offset: 2, unit: 'mm' },
    });
    expect(conversion.status).toBe('completed');
    await markPaid(server, conversion.id);
    const reply = await fetch(`${server.url}/api/preview/${conversion.id}`, {
      headers: { cookie: owner.cookieHeader },
    });
    expect(reply.status).toBe(200);
    const preview = await sharp(Buffer.from(await reply.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([preview.info.width, preview.info.height]).toEqual([1024, 1024]);
    // The bar fills the left half of rows 40 to 160 (of 200): dark there, nothing to its right.
    const at = (x: number, y: number) => preview.data[(y * 1024 + x) * preview.info.channels + 3];
    expect(at(256, 512)).toBeGreaterThan(200);
    expect(at(768, 512)).toBe(0);
    // The line runs along the bar's right and its top and bottom, on the image.
    expect(magentaIn(preview, 512, 600)).toBe(true);
  });
});
