import { Resvg } from '@resvg/resvg-js';
import { readSvg } from '@vectrace/tracer';
import dxfParserModule from 'dxf-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markBands } from '../dist/features/results/test-mark.js';
import { accountWithKey, apiGet, vectorize } from './support/api.js';
import { convert } from './support/flows.js';
import { drawEps, drawPdf } from './support/formats.js';
import { combine, crop, decode, differences, type Picture, share } from './support/pixels.js';
import { startTestServer, type TestServer } from './support/server.js';

const DxfParser = ((dxfParserModule as { default?: unknown }).default ??
  dxfParserModule) as typeof dxfParserModule.default;

const SIDE = 160;
/** Pixels per image pixel of every render compared. */
const ZOOM = 2;
/**
 * The least share of the picture in which a peeled test result must still differ from the live
 * one. The bands take a tenth of this picture (a fifth of its art): a file this close to live shows no mark.
 */
const MARGIN = 0.04;

/** A color logo: a red disc, a blue bar and a green square on white. */
async function colorLogo(): Promise<Buffer> {
  const data = Buffer.alloc(SIDE * SIDE * 4, 255);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const o = (y * SIDE + x) * 4;
      const dx = x - SIDE * 0.32;
      const dy = y - SIDE * 0.35;
      if (dx * dx + dy * dy < (SIDE * 0.22) ** 2) data.set([220, 30, 30], o);
      else if (x > SIDE * 0.65 && x < SIDE * 0.85 && y > SIDE * 0.1 && y < SIDE * 0.9)
        data.set([30, 60, 200], o);
      else if (x > SIDE * 0.12 && x < SIDE * 0.5 && y > SIDE * 0.62 && y < SIDE * 0.92)
        data.set([20, 150, 60], o);
    }
  }
  return sharp(data, { raw: { width: SIDE, height: SIDE, channels: 4 } })
    .png()
    .toBuffer();
}

/** A black plate with round holes in rows and a ring: outlines with holes, crossed by the bands or not. */
async function plate(): Promise<Buffer> {
  const data = Buffer.alloc(SIDE * SIDE * 4, 255);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const hole = Math.hypot((x % 16) - 8, (y % 16) - 8) < 4;
      const ring = Math.abs(Math.hypot(x - 40, y - 120) - 22) < 6;
      const inPlate = x >= 70 && x < 150 && y >= 10 && y < 150 && !hole;
      if (inPlate || ring) data.fill(0, (y * SIDE + x) * 4, (y * SIDE + x) * 4 + 3);
    }
  }
  return sharp(data, { raw: { width: SIDE, height: SIDE, channels: 4 } })
    .png()
    .toBuffer();
}

/** The file as its reader draws it, on white, ZOOM pixels per image pixel. */
async function render(format: string, bytes: Uint8Array, side = SIDE): Promise<Picture> {
  if (format === 'svg') {
    const svg = new Resvg(Buffer.from(bytes).toString('utf8'), {
      fitTo: { mode: 'width', value: side * ZOOM },
      background: '#ffffff',
    });
    return decode(svg.render().asPng());
  }
  const dpi = 72 * ZOOM;
  return decode(format === 'pdf' ? await drawPdf(bytes, dpi) : await drawEps(bytes, dpi));
}

/** The share of the picture where the two renders differ. */
function apart(a: Picture, b: Picture): number {
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  return share(differences(a, b, 24));
}

/** The SVG with one part removed at a time: each distinct fill (all its paths), then each path. */
function peeledSvgs(svg: string): string[] {
  const paths = svg.match(/<path\b[^>]*\/>/g) ?? [];
  const fills = [...new Set(paths.map((p) => /fill="([^"]+)"/.exec(p)?.[1]))];
  const rect = /<rect\b[^>]*\/>/.exec(svg)?.[0];
  return [
    svg,
    ...fills.map((fill) =>
      paths.filter((p) => p.includes(`fill="${fill}"`)).reduce((s, p) => s.replace(p, ''), svg),
    ),
    ...paths.map((p) => svg.replace(p, '')),
    ...(rect ? [svg.replace(rect, '')] : []),
  ];
}

/**
 * The EPS or PDF with one painted block blanked out at a time: from a color setting to the paint
 * that ends it (spaces of the same length, so a PDF's offsets stay right).
 */
function peeledPages(file: Uint8Array, format: 'eps' | 'pdf'): Uint8Array[] {
  const text = Buffer.from(file).toString('latin1');
  const color = format === 'eps' ? / k$/ : / rg$/;
  const paint = /^(f|f\*|[\d.]+ [sb]|S|B|b)$|rectfill$|re f$/;
  const lines = text.split('\n');
  const peeled: Uint8Array[] = [file];
  lines.forEach((line, start) => {
    if (!color.test(line)) return;
    let end = start;
    while (end < lines.length && !paint.test(lines[end] as string)) end++;
    if (end === lines.length) return;
    const blanked = lines.map((l, i) => (i >= start && i <= end ? ' '.repeat(l.length) : l));
    // A block with its own rectangle on the color line (a background) ends on the same line.
    if (/rectfill$/.test(line)) blanked[start] = ' '.repeat(line.length);
    peeled.push(Buffer.from(blanked.join('\n'), 'latin1'));
  });
  return peeled;
}

/** The DXF's polylines per layer. */
function dxfLayers(file: Uint8Array): Map<string, { x: number; y: number }[][]> {
  const parsed = new DxfParser().parseSync(Buffer.from(file).toString('utf8'));
  const layers = new Map<string, { x: number; y: number }[][]>();
  for (const entity of parsed?.entities ?? []) {
    const line = entity as unknown as { layer: string; vertices?: { x: number; y: number }[] };
    if (!line.vertices) continue;
    layers.set(line.layer, [...(layers.get(line.layer) ?? []), line.vertices]);
  }
  return layers;
}

/** The layers' outlines filled in each layer's color (its name, as the DXF writes it), on white. */
function drawDxf(layers: [string, { x: number; y: number }[][]][]): Picture {
  const paths = layers.map(
    ([name, outlines]) =>
      `<path fill="#${/^[0-9A-F]{6}$/i.test(name) ? name : '000000'}" fill-rule="evenodd" d="${outlines
        .map((o) => `M${o.map((v) => `${v.x} ${SIDE - v.y}`).join(' L')} Z`)
        .join(' ')}"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">${paths.join('')}</svg>`;
  return decodeSync(new Resvg(svg, { fitTo: { mode: 'width', value: SIDE * ZOOM }, background: '#ffffff' }));
}

function decodeSync(resvg: Resvg): Picture {
  const image = resvg.render();
  return { data: Buffer.from(image.pixels), width: image.width, height: image.height };
}

describe('the test mark of the developer API', () => {
  let server: TestServer;
  let logo: Buffer;
  let pro: Awaited<ReturnType<typeof accountWithKey>>;
  const live: Record<string, Uint8Array> = {};
  const test: Record<string, Uint8Array> = {};
  let testJob: string;
  let liveJob: string;

  beforeAll(async () => {
    server = await startTestServer();
    logo = await colorLogo();
    pro = await accountWithKey(server, { pro: true });
    const first = await vectorize(server, pro.secret, logo, { mode: 'test' });
    expect(first.status, Buffer.from(first.bytes).toString()).toBe(200);
    testJob = first.headers.get('x-job-id') as string;
    liveJob = (await vectorize(server, pro.secret, logo)).headers.get('x-job-id') as string;
    for (const format of ['svg', 'eps', 'pdf', 'dxf']) {
      live[format] = (
        await apiGet(server, pro.secret, `/api/v1/jobs/${liveJob}/result?format=${format}`)
      ).bytes;
      const marked = await apiGet(
        server,
        pro.secret,
        `/api/v1/jobs/${testJob}/result?mode=test&format=${format}`,
      );
      expect(marked.status).toBe(200);
      test[format] = marked.bytes;
    }
  }, 120_000);
  afterAll(() => server?.stop());

  it('cuts the bands out of the SVG: no fill, path or background removed gives the live picture', async () => {
    const svg = Buffer.from(test.svg as Uint8Array).toString('utf8');
    const reference = await render('svg', live.svg as Uint8Array);
    const peeled = peeledSvgs(svg);
    expect(peeled.length).toBeGreaterThan(4);
    for (const attempt of peeled) {
      expect(apart(await render('svg', Buffer.from(attempt)), reference)).toBeGreaterThan(MARGIN);
    }
  });

  it('cuts the bands out of the EPS and the PDF: no color block removed gives the live picture', async () => {
    for (const format of ['eps', 'pdf'] as const) {
      const reference = await render(format, live[format] as Uint8Array);
      const peeled = peeledPages(test[format] as Uint8Array, format);
      expect(peeled.length, format).toBeGreaterThan(3);
      for (const attempt of peeled) {
        expect(apart(await render(format, attempt), reference), format).toBeGreaterThan(MARGIN);
      }
    }
  });

  it('cuts the bands out of the DXF: no layer removed draws the live picture', async () => {
    const reference = await render('svg', live.svg as Uint8Array);
    const layers = [...dxfLayers(test.dxf as Uint8Array)];
    expect(layers.length).toBeGreaterThan(2);
    for (const without of [undefined, ...layers.map(([name]) => name)]) {
      const kept = layers.filter(([name]) => name !== without);
      expect(apart(drawDxf(kept), reference), without ?? 'all layers').toBeGreaterThan(MARGIN);
    }
  });

  it('cuts the bands out of the PNG too: transparent where the live PNG is painted', async () => {
    const png = (job: string, mode: string) =>
      apiGet(server, pro.secret, `/api/v1/jobs/${job}/result?mode=${mode}&format=png`);
    const marked = await png(testJob, 'test');
    expect(marked.status).toBe(200);
    const [cut, whole] = await Promise.all([
      decode(Buffer.from(marked.bytes)),
      decode(Buffer.from((await png(liveJob, 'live')).bytes)),
    ]);
    expect([cut.width, cut.height]).toEqual([whole.width, whole.height]);
    let holes = 0;
    for (let o = 3; o < cut.data.length; o += 4)
      if ((whole.data[o] as number) > 200 && (cut.data[o] as number) < 50) holes++;
    expect(holes / (cut.width * cut.height)).toBeGreaterThan(MARGIN);
  });

  it('draws the live picture outside the bands and nothing of it inside, holes and all', async () => {
    for (const image of [logo, await plate()]) {
      const [marked, whole] = await Promise.all(
        ['test', 'live'].map(async (mode) => {
          const reply = await vectorize(server, pro.secret, image, { mode });
          expect(reply.status).toBe(200);
          return reply.bytes;
        }),
      );
      const cut = await render('svg', marked as Uint8Array);
      const reference = await render('svg', whole as Uint8Array);
      const bands = markBands(readSvg(Buffer.from(whole as Uint8Array).toString('utf8')));
      const outside = new Uint8Array(cut.width * cut.height);
      const inside = new Uint8Array(cut.width * cut.height);
      for (let p = 0; p < outside.length; p++) {
        // x + y of the pixel's center, in image pixels; a pixel and a half clear of every band edge.
        const s = ((p % cut.width) + Math.floor(p / cut.width) + 1) / ZOOM;
        if (bands.some((b) => b.from + 1.5 < s && s < b.to - 1.5)) inside[p] = 1;
        else if (bands.every((b) => s < b.from - 1.5 || s > b.to + 1.5)) outside[p] = 1;
      }
      const changed = differences(cut, reference, 24);
      const painted = differences(cut, { ...cut, data: Buffer.alloc(cut.data.length, 255) }, 24);
      expect(share(changed, outside)).toBeLessThan(0.005);
      expect(share(painted, inside)).toBeLessThan(0.005);
      // The bands cross the art: inside them the live picture is painted.
      expect(
        share(differences(reference, { ...cut, data: Buffer.alloc(cut.data.length, 255) }, 24), inside),
      ).toBeGreaterThan(0.2);
    }
  });

  it('places the bands on the art: test results of the image with margins added do not fill each other’s gaps', async () => {
    const reference = await render('svg', live.svg as Uint8Array);
    const shifted = [render('svg', test.svg as Uint8Array)];
    for (const [left, top] of [
      [40, 24],
      [13, 57],
    ] as const) {
      const padded = await sharp(logo).extend({ left, top, background: '#ffffff' }).png().toBuffer();
      const reply = await vectorize(server, pro.secret, padded, { mode: 'test' });
      expect(reply.status).toBe(200);
      // Drawn at the same scale, moved back onto the original.
      const drawnPadded = await render('svg', reply.bytes, SIDE + left);
      shifted.push(Promise.resolve(crop(drawnPadded, left * ZOOM, top * ZOOM, SIDE * ZOOM, SIDE * ZOOM)));
    }
    // The darkest of each pixel: on white, all the art that any of them has.
    const union = combine(await Promise.all(shifted), 'min');
    expect(apart(union, reference)).toBeGreaterThan(MARGIN);
  });

  it('places the bands on the art whatever is added beside it: test results of copies dotted in different corners, laid over each other, are as far from live as one', async () => {
    const reference = await render('svg', live.svg as Uint8Array);
    const dotted = [];
    for (const [left, top] of [
      [2, 2],
      [150, 2],
      [2, 150],
    ] as const) {
      const dot = { create: { width: 8, height: 8, channels: 3 as const, background: '#000' } };
      const copy = await sharp(logo)
        .composite([{ input: dot, left, top }])
        .png()
        .toBuffer();
      const reply = await vectorize(server, pro.secret, copy, { mode: 'test' });
      expect(reply.status).toBe(200);
      dotted.push(await render('svg', reply.bytes));
    }
    const one = apart(dotted[0] as Picture, reference);
    expect(one).toBeGreaterThan(MARGIN);
    // The darkest of each pixel: on white, all the art that any of them has (and the dots).
    expect(apart(combine(dotted, 'min'), reference)).toBeGreaterThan(one * 0.8);
  });

  it('traces a test job from the image at most 256 px on its longer side, drawn at the image’s size', async () => {
    // Lines 2 px wide, 8 px apart, on a 768 px image: a third of that size has no room for them.
    const side = 768;
    const data = Buffer.alloc(side * side * 4, 255);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++)
        if (x % 8 < 2 && y > 100 && y < 668) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    const lines = await sharp(data, { raw: { width: side, height: side, channels: 4 } })
      .png()
      .toBuffer();
    const [marked, whole] = await Promise.all(
      ['test', 'live'].map(async (mode) => (await vectorize(server, pro.secret, lines, { mode })).bytes),
    );
    const [cut, reference] = await Promise.all([
      render('svg', marked as Uint8Array, side),
      render('svg', whole as Uint8Array, side),
    ]);
    expect([cut.width, cut.height]).toEqual([reference.width, reference.height]);
    expect(readSvg(Buffer.from(marked as Uint8Array).toString('utf8')).width).toBe(side);
    // The live result has the lines; the test result has not got them back, bands or no bands.
    const dark = (picture: Picture) => {
      let n = 0;
      for (let o = 0; o < picture.data.length; o += 4) if ((picture.data[o] as number) < 128) n++;
      return n / (picture.width * picture.height);
    };
    expect(dark(reference)).toBeGreaterThan(0.15);
    expect(apart(cut, reference)).toBeGreaterThan(0.15);
  });

  it('shows a test job on the site as its result is: the preview has the bands cut out too', async () => {
    const preview = async (job: string) => {
      const reply = await fetch(`${server.url}/api/preview/${job}`, {
        headers: { cookie: pro.client.cookieHeader },
      });
      expect(reply.status).toBe(200);
      return decode(Buffer.from(await reply.arrayBuffer()));
    };
    const [cut, whole] = [await preview(testJob), await preview(liveJob)];
    let holes = 0;
    for (let o = 3; o < cut.data.length; o += 4)
      if ((whole.data[o] as number) > 200 && (cut.data[o] as number) < 50) holes++;
    expect(holes / (cut.width * cut.height)).toBeGreaterThan(MARGIN);
  });

  it('keeps a job in its mode: a test job has no live result, and test mode serves only test jobs', async () => {
    const liveOfTest = await apiGet(server, pro.secret, `/api/v1/jobs/${testJob}/result?mode=live`);
    expect(liveOfTest.status).toBe(409);
    expect(liveOfTest.json.code).toBe('wrong_mode');
    expect(liveOfTest.json.message).toContain('made in test mode');
    expect(liveOfTest.json.message).toContain('mode=live');
    // Without a mode, the job's own: the marked result.
    const own = await apiGet(server, pro.secret, `/api/v1/jobs/${testJob}/result`);
    expect(own.status).toBe(200);
    expect(Buffer.from(own.bytes).equals(Buffer.from(test.svg as Uint8Array))).toBe(true);
    const job = await apiGet(server, pro.secret, `/api/v1/jobs/${testJob}?mode=live`);
    expect(job.json).toMatchObject({
      mode: 'test',
      resultUrl: `/api/v1/jobs/${testJob}/result?mode=test&format=svg`,
    });

    // A free account's conversion made on the site: not to be had marked through the API.
    const free = await accountWithKey(server);
    const site = await convert(free.client, logo);
    expect(site.status).toBe('completed');
    const marked = await apiGet(server, free.secret, `/api/v1/jobs/${site.id}/result?mode=test`);
    expect(marked.status).toBe(409);
    expect(marked.json.code).toBe('wrong_mode');
    expect(marked.json.message).toContain('test mode gives marked results only of jobs made with mode=test');
    const unpaid = await apiGet(server, free.secret, `/api/v1/jobs/${site.id}/result`);
    expect(unpaid.status).toBe(402);

    // Nor a live job of a Pro account.
    const testOfLive = await apiGet(server, pro.secret, `/api/v1/jobs/${liveJob}/result?mode=test`);
    expect(testOfLive.status).toBe(409);
    expect(testOfLive.json.code).toBe('wrong_mode');
  });
});
