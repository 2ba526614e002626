import { mkdir, writeFile } from 'node:fs/promises';
import type { Conversion } from '@vectrace/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { convert } from './support/flows.js';
import { logoPng, noisePng } from './support/images.js';
import { markPaid, startTestServer, storedObject, type TestServer } from './support/server.js';

// Renders are kept beside the journeys' screenshots, to be looked at.
const screenshots = new URL('../../../e2e/screenshots/', import.meta.url);

let server: TestServer;
let owner: Client;
let conversion: Conversion;
beforeAll(async () => {
  await mkdir(screenshots, { recursive: true });
  server = await startTestServer();
  owner = new Client(server.url);
  conversion = await convert(owner, await logoPng(200));
});
afterAll(() => server?.stop());

async function region(client: Client, query: string) {
  const reply = await fetch(`${server.url}/api/preview/${conversion.id}?${query}`, {
    headers: { cookie: client.cookieHeader },
  });
  const body = Buffer.from(await reply.arrayBuffer());
  return { status: reply.status, body, type: reply.headers.get('content-type') };
}

const pixels = async (png: Buffer) => sharp(png).raw().toBuffer();
const differing = (a: Buffer, b: Buffer) => {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 8) n++;
  return n / a.length;
};

describe('region renders for the result viewer', () => {
  it('renders the asked region at the asked scale, sharp at 800 %', async () => {
    const reply = await region(owner, 'x=40&y=40&w=60&h=40&scale=16');
    expect(reply.status).toBe(200);
    expect(reply.type).toBe('image/png');
    const meta = await sharp(reply.body).metadata();
    expect([meta.width, meta.height]).toEqual([960, 640]);
    await writeFile(new URL('preview-region-800.png', screenshots), reply.body);
    // Sharp: along a row through the disc's edge, ink goes from white to black within a few pixels.
    const row = await sharp(reply.body)
      .extract({ left: 0, top: 320, width: 960, height: 1 })
      .greyscale()
      .raw()
      .toBuffer();
    const grey = [...row].filter((v) => v > 60 && v < 195).length;
    expect(grey).toBeLessThan(60);
  });

  it("keeps the result's transparency, so the viewer can show it on a checkerboard, white or a dark ground", async () => {
    // The logo is traced in black and white: black shapes on nothing.
    const whole = await fetch(`${server.url}/api/preview/${conversion.id}`, {
      headers: { cookie: owner.cookieHeader },
    });
    const { data, info } = await sharp(Buffer.from(await whole.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const clear = (rgba: Buffer) => {
      let n = 0;
      for (let i = 3; i < rgba.length; i += 4) if (rgba[i] === 0) n++;
      return n / (rgba.length / 4);
    };
    // The paper is clear between the watermark's letters; the disc is opaque.
    expect(clear(data)).toBeGreaterThan(0.3);
    const center = (Math.round(info.height / 2) * info.width + Math.round(info.width * 0.35)) * 4;
    expect(data[center + 3]).toBe(255);
    const zoomed = await region(owner, 'x=0&y=0&w=20&h=20&scale=4');
    expect(clear(await sharp(zoomed.body).ensureAlpha().raw().toBuffer())).toBeGreaterThan(0.3);
  });

  it('refuses a region too large to render, with a sentence, and a scale past 800 %', async () => {
    const big = await region(owner, 'x=0&y=0&w=200&h=200&scale=16');
    expect(big.status).toBe(400);
    expect(JSON.parse(big.body.toString()).message).toMatch(/at most 2048 × 2048 pixels/);
    expect((await region(owner, 'x=0&y=0&w=10&h=10&scale=40')).status).toBe(400);
  });

  it('the outline view is another picture; the watermark lifts once paid; strangers get 404', async () => {
    const query = 'x=0&y=0&w=200&h=200&scale=4';
    const fill = await region(owner, query);
    const outline = await region(owner, `${query}&view=outline`);
    expect(differing(await pixels(fill.body), await pixels(outline.body))).toBeGreaterThan(0.02);
    await writeFile(new URL('preview-outline.png', screenshots), outline.body);

    const again = await region(owner, query);
    expect(again.body.equals(fill.body)).toBe(true);
    await markPaid(server, conversion.id);
    const paid = await region(owner, query);
    const changed = differing(await pixels(fill.body), await pixels(paid.body));
    expect(changed).toBeGreaterThan(0.001);
    // Light: most of the picture is the same with and without it.
    expect(changed).toBeLessThan(0.2);

    const stranger = new Client(server.url);
    await stranger.post('/api/objects/upload');
    expect((await region(stranger, query)).status).toBe(404);
  });
});

describe('thin images', () => {
  it('a 10000 x 1 and a 1 x 10000 image preview as 1024 x 1 and 1 x 1024', async () => {
    for (const [width, height] of [
      [10_000, 1],
      [1, 10_000],
    ]) {
      const line = await sharp({ create: { width, height, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const thin = await convert(owner, line, 'line.png');
      expect(thin.status, thin.errorMessage ?? '').toBe('completed');
      const reply = await fetch(`${server.url}/api/preview/${thin.id}`, {
        headers: { cookie: owner.cookieHeader },
      });
      expect(reply.status).toBe(200);
      const meta = await sharp(Buffer.from(await reply.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual(width > height ? [1024, 1] : [1, 1024]);
    }
  });
});

describe('preview cost (check 41)', () => {
  const whole = (client: Client, id: string) =>
    fetch(`${server.url}/api/preview/${id}`, { headers: { cookie: client.cookieHeader } });

  it('the whole-result preview is drawn once and kept beside the result, deleted with it', async () => {
    const visitor = new Client(server.url);
    const done = await convert(visitor, await logoPng(120));
    const first = await whole(visitor, done.id);
    expect(first.status).toBe(200);
    const png = Buffer.from(await first.arrayBuffer());
    const kept = `previews/${done.id}-marked.png`;
    expect(await storedObject(server, kept)).toEqual(png);
    // Drawn from what was kept: the SVG itself is not read again.
    await server.deps.store.delete(`vectors/${done.id}.svg`);
    const again = await whole(visitor, done.id);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(png);
    // Once paid, another preview without the watermark is drawn (and fails here, its SVG gone).
    await markPaid(server, done.id);
    expect((await whole(visitor, done.id)).status).toBe(410);
    // Retention deletes the kept preview with the result.
    await server.deps.db
      .updateTable('conversions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', done.id)
      .execute();
    const { sweepExpired } = await import('../dist/features/retention/sweep.js');
    await sweepExpired({ ...server.deps, retentionMs: 23 * 3600_000 });
    expect(await storedObject(server, kept)).toBeUndefined();
  });

  it('a result too large to preview says so', async () => {
    const visitor = new Client(server.url);
    const done = await convert(visitor, await logoPng(60));
    await server.deps.db
      .updateTable('conversions')
      .set({ fileSize: 33 * 1024 * 1024 })
      .where('id', '=', done.id)
      .execute();
    const reply = await whole(visitor, done.id);
    expect(reply.status).toBe(422);
    expect(((await reply.json()) as { message: string }).message).toMatch(
      /too large to preview \(33 MB; previews are drawn for results up to 32 MB\)/,
    );
  });

  it('one owner has at most 2 renders under way; the same render asked 8 times is drawn once', async () => {
    const visitor = new Client(server.url);
    const heavy = await convert(visitor, await noisePng(900));
    expect(heavy.status).toBe('completed');
    const regionOf = (x: number) =>
      fetch(`${server.url}/api/preview/${heavy.id}?x=${x}&y=0&w=400&h=400&scale=2`, {
        headers: { cookie: visitor.cookieHeader },
      });
    const replies = await Promise.all([0, 100, 200, 300].map(regionOf));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429]);
    const refused = replies.find((r) => r.status === 429) as Response;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /being drawn already.*Try again in/,
    );

    const same = await Promise.all(Array.from({ length: 8 }, () => regionOf(500)));
    expect(same.map((r) => r.status)).toEqual(Array(8).fill(200));
  });
});

describe('outline view of cut-out shapes', () => {
  it('draws the shapes’ outlines and nodes only, not the gap filler under their seams', async () => {
    const { renderRegion } = await import('../dist/features/conversions/preview-region.js');
    const shapes = '<path fill="#e00" d="M10 10h40v80h-40z"/><path fill="#00e" d="M50 10h40v80h-40z"/>';
    const filler =
      '<path class="gap-filler" fill="none" stroke="#e00" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" d="M50 12l0 20l3 5l-3 5l0 46"/>';
    const svg = (body: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">${body}</svg>`;
    const region = { x: 0, y: 0, w: 100, h: 100, scale: 2, view: 'outline' as const };
    const without = Buffer.from(renderRegion(svg(shapes), region, false));
    const withFiller = Buffer.from(renderRegion(svg(filler + shapes), region, false));
    expect(withFiller.equals(without)).toBe(true);
    // Drawn as a shape, the same path would show: the comparison can tell.
    const asShape = Buffer.from(
      renderRegion(svg(filler.replace('class="gap-filler" ', '') + shapes), region, false),
    );
    expect(asShape.equals(without)).toBe(false);
  });
});
