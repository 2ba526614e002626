import { mkdir, writeFile } from 'node:fs/promises';
import type { Conversion } from '@vectrace/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { convert, settled } from './support/flows.js';
import { logoPng, noisePng } from './support/images.js';
import {
  combine,
  crop,
  decode,
  differences,
  emptyWindows,
  nearEdges,
  type Picture,
  share,
} from './support/pixels.js';
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
    // Sharp: along a row through the disc's edges (on white, as the viewer can show it), ink goes
    // from black to white within a pixel or two; drawn at 100 % and enlarged, it would take 70.
    // Measured on the paid render of the same logo: the watermark keeps clear of edges, but its
    // own thin strokes are grey too.
    const paid = await convert(owner, await logoPng(200));
    await markPaid(server, paid.id);
    const clean = await fetch(`${server.url}/api/preview/${paid.id}?x=40&y=40&w=60&h=40&scale=16`, {
      headers: { cookie: owner.cookieHeader },
    });
    const row = await sharp(Buffer.from(await clean.arrayBuffer()))
      .flatten({ background: '#ffffff' })
      .extract({ left: 0, top: 240, width: 960, height: 1 })
      .greyscale()
      .raw()
      .toBuffer();
    expect([...row].filter((v) => v <= 60).length).toBeGreaterThan(300);
    const grey = [...row].filter((v) => v > 60 && v < 195).length;
    expect(grey).toBeLessThan(8);
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
    // Read to the end: an answer left unread holds its connection open when the server stops.
    await Promise.all([...replies, ...same].filter((r) => r !== refused).map((r) => r.arrayBuffer()));
  });
});

describe('outline view of cut-out shapes', () => {
  it('draws the shapes’ outlines and nodes only, not the gap filler under their seams', async () => {
    const { renderRegion } = await import('../dist/features/results/preview-region.js');
    const shapes = '<path fill="#e00" d="M10 10h40v80h-40z"/><path fill="#00e" d="M50 10h40v80h-40z"/>';
    const filler =
      '<path class="gap-filler" fill="none" stroke="#e00" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" d="M50 12l0 20l3 5l-3 5l0 46"/>';
    const svg = (body: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">${body}</svg>`;
    const region = { x: 0, y: 0, w: 100, h: 100, scale: 2, view: 'outline' as const };
    const without = Buffer.from(await renderRegion(svg(shapes), region, null));
    const withFiller = Buffer.from(await renderRegion(svg(filler + shapes), region, null));
    expect(withFiller.equals(without)).toBe(true);
    // Drawn as a shape, the same path would show: the comparison can tell.
    const asShape = Buffer.from(
      await renderRegion(svg(filler.replace('class="gap-filler" ', '') + shapes), region, null),
    );
    expect(asShape.equals(without)).toBe(false);
  });
});

describe('the watermark: every edge clean to judge, the rest marked, fixed to the image', () => {
  // Two conversions of one logo (a disc and a bar, 400 px): one not paid, one paid.
  let visitor: Client;
  let marked: Conversion;
  let paid: Conversion;
  beforeAll(async () => {
    visitor = new Client(server.url);
    const logo = await logoPng(400);
    [marked, paid] = [await convert(visitor, logo), await convert(visitor, logo)];
    await markPaid(server, paid.id);
  });

  const png = async (done: Conversion, query = ''): Promise<Buffer> => {
    const reply = await fetch(`${server.url}/api/preview/${done.id}${query && `?${query}`}`, {
      headers: { cookie: visitor.cookieHeader },
    });
    expect(reply.status).toBe(200);
    return Buffer.from(await reply.arrayBuffer());
  };
  const render = async (done: Conversion, query = ''): Promise<Picture> => decode(await png(done, query));

  // The whole result (1024 px), then regions from 100 % to 1600 %, at the bottom and the top of
  // zoom octaves (where the words are smallest and largest on screen), each across an edge.
  const zooms = [
    '',
    'x=0&y=0&w=400&h=400&scale=1',
    'x=0&y=0&w=400&h=400&scale=1.4',
    'x=50&y=100&w=250&h=200&scale=2.8',
    'x=20&y=60&w=120&h=100&scale=5.6',
    'x=30&y=160&w=60&h=40&scale=16',
  ];

  it('leaves every pixel within 2 px of an edge as paid, and marks the rest: no 150 x 150 px of it is clean', async () => {
    for (const zoom of zooms) {
      const [preview, clean] = [await render(marked, zoom), await render(paid, zoom)];
      const edges = nearEdges(clean, 2);
      expect(share(edges), zoom).toBeGreaterThan(0.003);
      // At the edges: the very pixels of the paid render, so the quality can be judged.
      expect(share(differences(preview, clean, 2), edges), zoom).toBe(0);
      // Away from them, a screenshot carries the mark: on a share of the pixels, and in every part.
      const marks = differences(preview, clean);
      const inside = edges.map((near) => 1 - near);
      expect(share(marks, inside), zoom).toBeGreaterThan(0.02);
      expect(emptyWindows(marks, clean.width, clean.height, 150), zoom).toBe(0);
    }
    await writeFile(new URL('preview-watermark.png', screenshots), await png(marked, zooms[3]));
  });

  it('cannot be peeled off by the median, least or most of renders shifted by a few dozen pixels', async () => {
    const scale = 4;
    const shifts = [
      [0, 0],
      [9, 23],
      [17, 5],
      [26, 31],
      [34, 12],
      [43, 40],
      [48, 19],
    ];
    const [x, y, side] = [40, 60, 200];
    // The area every render shows, in the result's units.
    const [left, top] = [x + 48, y + 40];
    const [width, height] = [x + side - left, y + side - top];
    const shifted = [];
    for (const [dx, dy] of shifts) {
      const picture = await render(marked, `x=${x + dx}&y=${y + dy}&w=${side}&h=${side}&scale=${scale}`);
      shifted.push(
        crop(picture, (left - x - dx) * scale, (top - y - dy) * scale, width * scale, height * scale),
      );
    }
    const clean = await render(paid, `x=${left}&y=${top}&w=${width}&h=${height}&scale=${scale}`);
    const single = share(differences(shifted[0], clean));
    expect(single).toBeGreaterThan(0.02);
    for (const how of ['median', 'min', 'max'] as const) {
      const combined = combine(shifted, how);
      // The mark is where it was on the art in every render: combined, it is all still there.
      expect(share(differences(combined, clean)), how).toBeGreaterThan(single * 0.9);
    }
  });

  it('is the same on every re-tuning of one upload, so combining re-tunes takes nothing off', async () => {
    const again = await visitor.post<Conversion>('/api/conversions', {
      originalFileName: marked.originalFileName,
      originalFileUrl: marked.originalFileUrl,
      settings: marked.settings,
    });
    expect(again.status, again.text).toBe(201);
    const retuned = await settled(visitor, again.body.id);
    const zoom = 'x=0&y=0&w=400&h=400&scale=1.4';
    const [one, other, clean] = [
      await render(marked, zoom),
      await render(retuned, zoom),
      await render(paid, zoom),
    ];
    expect(share(differences(one, clean))).toBeGreaterThan(0.02);
    expect(share(differences(one, other))).toBe(0);
  });

  it('is the same on every upload of the picture, padded, shifted or with a dot: the median of five takes nothing off', async () => {
    const logo = await logoPng(400);
    const white = { r: 255, g: 255, b: 255, alpha: 1 };
    const dot = (left: number, top: number) => ({
      input: { create: { width: 8, height: 8, channels: 3 as const, background: '#000' } },
      left,
      top,
    });
    // Each copy, and where the logo's top left is in it.
    const copies = [
      { png: logo, at: [0, 0] },
      {
        png: await sharp(logo)
          .composite([dot(4, 4)])
          .png()
          .toBuffer(),
        at: [0, 0],
      },
      {
        png: await sharp(logo)
          .composite([dot(388, 388)])
          .png()
          .toBuffer(),
        at: [0, 0],
      },
      {
        png: await sharp(logo).extend({ left: 37, top: 21, background: white }).png().toBuffer(),
        at: [37, 21],
      },
      {
        png: await sharp(logo)
          .extend({ left: 13, top: 52, right: 30, background: white })
          .composite([dot(430, 6)])
          .png()
          .toBuffer(),
        at: [13, 52],
      },
    ];
    // Each copy by a visitor of its own, as five people (or one with five browsers) would.
    const done: { someone: Client; conversion: Conversion; at: number[] }[] = [];
    for (const copy of copies) {
      const someone = new Client(server.url);
      done.push({ someone, conversion: await convert(someone, copy.png), at: copy.at });
    }
    const renderOf = async ({ someone, conversion }: (typeof done)[number], query = '') => {
      const reply = await fetch(`${server.url}/api/preview/${conversion.id}${query && `?${query}`}`, {
        headers: { cookie: someone.cookieHeader },
      });
      expect(reply.status).toBe(200);
      return decode(Buffer.from(await reply.arrayBuffer()));
    };
    const clean = {
      whole: await render(paid),
      region: await render(paid, 'x=20&y=60&w=300&h=250&scale=2.8'),
    };
    const wholes = await Promise.all(done.slice(0, 3).map((one) => renderOf(one)));
    const regions = await Promise.all(
      done.map((one) => renderOf(one, `x=${20 + one.at[0]}&y=${60 + one.at[1]}&w=300&h=250&scale=2.8`)),
    );
    for (const [pictures, paidOne] of [
      [wholes, clean.whole],
      [regions, clean.region],
    ] as const) {
      const single = share(differences(pictures[0], paidOne));
      expect(single).toBeGreaterThan(0.02);
      // The mark is on the same parts of the art in every copy: the median keeps it all.
      expect(share(differences(combine([...pictures], 'median'), paidOne))).toBeGreaterThan(single * 0.9);
    }
  });

  it('is drawn over the edges too where the picture is too busy to leave room for it', async () => {
    const noise = await noisePng(300);
    const [busy, busyPaid] = [await convert(visitor, noise), await convert(visitor, noise)];
    await markPaid(server, busyPaid.id);
    for (const zoom of ['', 'x=0&y=0&w=300&h=300&scale=1']) {
      const [preview, clean] = [await render(busy, zoom), await render(busyPaid, zoom)];
      // Nearly every pixel is near an edge, and yet the words show as on a simple logo.
      expect(share(nearEdges(clean, 2)), zoom).toBeGreaterThan(0.9);
      const marks = differences(preview, clean);
      expect(share(marks), zoom).toBeGreaterThan(0.02);
      expect(emptyWindows(marks, clean.width, clean.height, 150), zoom).toBe(0);
    }
  });
});
