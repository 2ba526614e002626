import { createVectrace } from '@vectrace/client';
import { flattenSubpath, readSvg } from '@vectrace/tracer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, apiGet, vectorize } from './support/api.js';
import { Client } from './support/client.js';
import { convert, register, startConversion } from './support/flows.js';
import { logoPng } from './support/images.js';
import { markPaid, startTestServer, storedObject, type TestServer, testClock } from './support/server.js';

/** A real PNG: three colored blocks, two of them touching, on a cream page. */
async function blocksPng(size = 160): Promise<Buffer> {
  const data = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inside = (x0: number, y0: number, x1: number, y1: number) =>
        x >= size * x0 && x < size * x1 && y >= size * y0 && y < size * y1;
      const rgb = inside(0.1, 0.1, 0.5, 0.5)
        ? [200, 40, 40]
        : inside(0.5, 0.1, 0.9, 0.5)
          ? [40, 60, 190]
          : inside(0.3, 0.6, 0.7, 0.9)
            ? [30, 140, 60]
            : [245, 240, 225];
      data.set([...rgb, 255], (y * size + x) * 4);
    }
  }
  return sharp(data, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();
}

/** A photo-like JPEG: light and color changing smoothly across it, with grain, as a camera gives. */
async function photoJpeg(width = 320, height = 240): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return ((seed >>> 16) & 255) / 255 - 0.5;
  };
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [u, v] = [x / width, y / height];
      const sky = 1 - v;
      data.set(
        [
          clamp(60 + 160 * u * sky + 90 * Math.sin(6 * v + 2 * u) + 20 * grain()),
          clamp(40 + 140 * v + 60 * Math.cos(5 * u) + 20 * grain()),
          clamp(220 * sky - 80 * u * v + 40 * Math.sin(9 * u * v) + 20 * grain()),
        ],
        (y * width + x) * 3,
      );
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const paths = (svg: string) => [...svg.matchAll(/<path ([^>]*)\/>/g)].map((m) => m[1] as string);

describe('the API’s output options: maxPixels, drawStyle, groupBy, svgVersion, adobeCompatible', () => {
  let server: TestServer;
  let secret: string;
  let blocks: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    secret = (await accountWithKey(server, { pro: true })).secret;
    blocks = await blocksPng();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('maxPixels reduces a larger image before it is traced: 3000x3000 at 250000 is traced at 500x500', async () => {
    const big = await logoPng(3000);
    const reduced = await vectorize(server, secret, big, { maxPixels: '250000', wait: '30' });
    expect(reduced.status, JSON.stringify(reduced.json)).toBe(200);
    const svg = text(reduced.bytes);
    expect(svg).toMatch(/viewBox="0 0 500 500"/);
    expect(svg).toMatch(/width="500" height="500"/);
    // A wide image keeps its shape: 3000x1500 at 250000 pixels is 707x353.
    const wide = await sharp(big).resize(3000, 1500, { fit: 'fill' }).png().toBuffer();
    const kept = await vectorize(server, secret, wide, { maxPixels: '250000', wait: '30' });
    expect(kept.status).toBe(200);
    expect(text(kept.bytes)).toMatch(/viewBox="0 0 707 353"/);
    // A smaller image is never enlarged.
    const small = await vectorize(server, secret, await logoPng(120), { maxPixels: '250000', wait: '30' });
    expect(text(small.bytes)).toMatch(/viewBox="0 0 120 120"/);
    for (const bad of ['10', 'many', '2.5', '60000000']) {
      const refused = await vectorize(server, secret, big, { maxPixels: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.json.message, bad).toContain('maxPixels must be');
      expect(refused.json.message, bad).toContain('100 to 50000000');
    }
  });

  it('drawStyle strokeShapes and strokeEdges give stroked paths with no fill', async () => {
    const filled = text((await vectorize(server, secret, blocks, { traceMode: 'color', wait: '30' })).bytes);
    expect(paths(filled).every((p) => !p.includes('fill="none"'))).toBe(true);
    for (const drawStyle of ['strokeShapes', 'strokeEdges']) {
      const stroked = await vectorize(server, secret, blocks, { traceMode: 'color', drawStyle, wait: '30' });
      expect(stroked.status, JSON.stringify(stroked.json)).toBe(200);
      const svg = text(stroked.bytes);
      expect(svg, drawStyle).not.toContain('<rect');
      expect(paths(svg).length, drawStyle).toBeGreaterThan(0);
      for (const p of paths(svg)) {
        expect(p, drawStyle).toContain('fill="none"');
        expect(p, drawStyle).toMatch(/stroke="#[0-9a-f]+" stroke-width="1"/);
      }
    }
    // Each edge once: the cut-out shapes' outlines stroked run round every inner border twice, the
    // frame once; the edges run round each once.
    const length = async (drawStyle: string) => {
      const fields = { traceMode: 'color', layering: 'cutout', drawStyle, wait: '30' };
      const svg = text((await vectorize(server, secret, blocks, fields)).bytes);
      let sum = 0;
      for (const layer of readSvg(svg).layers)
        for (const subpath of layer.subpaths) {
          const points = flattenSubpath(subpath, 0.05);
          if (!subpath.open) points.push(points[0] as (typeof points)[number]);
          for (let i = 1; i < points.length; i++) {
            const [a, b] = [points[i - 1], points[i]] as [(typeof points)[number], (typeof points)[number]];
            sum += Math.hypot(b.x - a.x, b.y - a.y);
          }
        }
      return sum;
    };
    const edges = await length('strokeEdges');
    expect(Math.abs(edges - ((await length('strokeShapes')) + 4 * 160) / 2)).toBeLessThan(4);
    // PDF written from the stroked result strokes (S) and fills nothing (f).
    const pdf = await vectorize(server, secret, blocks, {
      traceMode: 'color',
      drawStyle: 'strokeEdges',
      format: 'pdf',
      wait: '30',
    });
    expect(pdf.status).toBe(200);
    const ops = Buffer.from(pdf.bytes).toString('latin1');
    expect(ops).toMatch(/\nS\n/);
    const refused = await vectorize(server, secret, blocks, { drawStyle: 'outline' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('drawStyle must be one of: fillShapes, strokeShapes, strokeEdges');
    const both = await vectorize(server, secret, blocks, { drawStyle: 'strokeEdges', shapes: 'true' });
    expect(both.status).toBe(400);
    expect(both.json.message).toContain('shapes and drawStyle=strokeEdges cannot be combined');
  });

  it('groupBy=color gives one <g> per color; layer one per layer of the stacking', async () => {
    const byColor = await vectorize(server, secret, blocks, {
      traceMode: 'color',
      groupBy: 'color',
      wait: '30',
    });
    expect(byColor.status, JSON.stringify(byColor.json)).toBe(200);
    const svg = text(byColor.bytes);
    const groups = [...svg.matchAll(/<g id="color-([0-9a-f]{6})">/g)].map((m) => m[1]);
    const colors = new Set(paths(svg).map((p) => /fill="(#[0-9a-f]+)"/.exec(p)?.[1]));
    // Three blocks (the page is the background rectangle).
    expect(groups.length).toBe(3);
    expect(new Set(groups).size).toBe(colors.size);
    const byLayer = text(
      (await vectorize(server, secret, blocks, { traceMode: 'color', groupBy: 'layer', wait: '30' })).bytes,
    );
    expect([...byLayer.matchAll(/<g id="layer-(\d+)">/g)].map((m) => m[1])).toEqual(['1', '2', '3']);
    // Written again (a test job's bands, or another size), the groups stay.
    const sized = await vectorize(server, secret, blocks, {
      traceMode: 'color',
      groupBy: 'color',
      width: '100',
      unit: 'mm',
      wait: '30',
    });
    expect(text(sized.bytes)).toMatch(/width="100mm"/);
    expect([...text(sized.bytes).matchAll(/<g id="color-/g)].length).toBe(3);
    const refused = await vectorize(server, secret, blocks, { groupBy: 'parent' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('groupBy must be one of: none, color, layer');
  });

  it('the typed client takes every output option, typed', async () => {
    const vectrace = createVectrace({ apiKey: secret, baseUrl: server.url });
    const options = {
      traceMode: 'color',
      colors: 64,
      maxPixels: 10_000,
      drawStyle: 'strokeShapes',
      groupBy: 'layer',
      svgVersion: 'tiny',
      adobeCompatible: 'true',
      retention: 'download',
    } as const;
    const result = await vectrace.vectorize(blocks, options);
    const svg = text(result.bytes);
    expect(svg).toMatch(/^<svg [^>]*version="1.2" baseProfile="tiny"[^>]*viewBox="0 0 100 100"/);
    expect(svg).toContain('<g id="layer-1">');
    expect(paths(svg).every((p) => p.includes('fill="none"'))).toBe(true);
    expect((await vectrace.getJob(result.jobId)).deleted).toBe(true);
    // @ts-expect-error: a draw style the API does not have
    await expect(vectrace.vectorize(blocks, { drawStyle: 'outline' })).rejects.toMatchObject({ status: 400 });
  });

  it('the site’s conversions take the same settings', async () => {
    const client = new Client(server.url);
    await register(client);
    const settings = {
      mode: 'color',
      maxPixels: 10_000,
      drawStyle: 'strokeEdges',
      groupBy: 'color',
    } as const;
    const done = await convert(client, blocks, 'blocks.png', settings);
    expect(done.status).toBe('completed');
    expect(done.settings).toMatchObject(settings);
    await markPaid(server, done.id);
    const download = await client.get(`/api/download/${done.id}`);
    expect(download.status).toBe(200);
    const svg = download.text;
    expect(svg).toMatch(/viewBox="0 0 100 100"/);
    expect(svg).toMatch(/<g id="color-[0-9a-f]{6}">/);
    expect(paths(svg).every((p) => p.includes('fill="none"'))).toBe(true);
    const refused = await startConversion(client, blocks, 'blocks.png', {
      drawStyle: 'outline' as 'fillShapes',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Draw style must be one of: fillShapes, strokeShapes, strokeEdges');
  });

  it('colors=64 on a photo gives more than 32 colors; past 128 is refused', async () => {
    const photo = await photoJpeg();
    const fills = async (colors: string) => {
      const answer = await vectorize(server, secret, photo, { traceMode: 'color', colors, wait: '30' });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const svg = text(answer.bytes);
      return new Set([...svg.matchAll(/fill="(#[0-9a-f]+)"/g)].map((m) => m[1])).size;
    };
    expect(await fills('32')).toBe(32);
    expect(await fills('64')).toBeGreaterThan(32);
    const refused = await vectorize(server, secret, photo, { colors: '129' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('colors must be from 2 to 128');
  });

  it('svgVersion=tiny writes SVG Tiny 1.2, adobeCompatible the form Illustrator reads', async () => {
    const tiny = await vectorize(server, secret, await logoPng(160), {
      svgVersion: 'tiny',
      shapes: 'true',
      wait: '30',
    });
    expect(tiny.status, JSON.stringify(tiny.json)).toBe(200);
    const tinySvg = text(tiny.bytes);
    expect(tinySvg).toMatch(/^<svg [^>]*version="1.2" baseProfile="tiny"/);
    expect(
      paths(tinySvg)
        .map((p) => /d="([^"]*)"/.exec(p)?.[1])
        .join(''),
    ).not.toMatch(/[aA]/);
    const adobe = await vectorize(server, secret, blocks, {
      traceMode: 'color',
      adobeCompatible: 'true',
      wait: '30',
    });
    const adobeSvg = text(adobe.bytes);
    expect(adobeSvg).toMatch(/^<svg [^>]*version="1.1"/);
    for (const p of paths(adobeSvg)) {
      expect(p).toMatch(/fill="#[0-9a-f]{6}" fill-rule="nonzero"/);
      expect(p).not.toMatch(/\d-|[^\d]\./);
    }
    for (const [field, value, message] of [
      ['svgVersion', '2', 'svgVersion must be one of: 1.1, tiny'],
      ['adobeCompatible', 'yes', 'adobeCompatible must be one of: true, false'],
    ] as const) {
      const refused = await vectorize(server, secret, blocks, { [field]: value });
      expect(refused.status, field).toBe(400);
      expect(refused.json.message, field).toContain(message);
    }
  });
});

describe('the API’s retention per call: never longer than the server’s, down to delete-on-download', () => {
  const MINUTE = 60_000;
  let server: TestServer;
  let clock: ReturnType<typeof testClock>;
  let secret: string;
  let logo: Buffer;

  beforeAll(async () => {
    clock = testClock();
    server = await startTestServer({ clock, env: { SWEEP_INTERVAL_MS: '100' } });
    secret = (await accountWithKey(server, { pro: true })).secret;
    logo = await logoPng(160);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The job's image and result in the server's store: whether each is still kept. */
  async function kept(id: string) {
    const row = await server.deps.db
      .selectFrom('conversions')
      .select('uploadId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      image: (await storedObject(server, `uploads/${row.uploadId}`)) !== undefined,
      result: (await storedObject(server, `vectors/${id}.svg`)) !== undefined,
    };
  }

  async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('condition never met');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('retention in minutes: the job expires then, and the sweeper deletes its files on time', async () => {
    const started = await vectorize(server, secret, logo, { retention: '10', wait: '30' });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const id = started.headers.get('x-job-id') as string;
    const job = (await apiGet(server, secret, `/api/v1/jobs/${id}`)).json;
    expect(Date.parse(job.expiresAt) - Date.parse(job.createdAt)).toBe(10 * MINUTE);
    expect(await kept(id)).toEqual({ image: true, result: true });
    // A job without retention is kept as long as the server keeps files.
    const usual = await vectorize(server, secret, logo, { wait: '30' });
    const usualId = usual.headers.get('x-job-id') as string;

    clock.advance(9 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await kept(id), 'kept before its time').toEqual({ image: true, result: true });

    clock.advance(2 * MINUTE);
    await until(async () => {
      const files = await kept(id);
      return !files.image && !files.result;
    });
    const gone = await apiGet(server, secret, `/api/v1/jobs/${id}/result`);
    expect(gone.status).toBe(410);
    expect(gone.json.code).toBe('gone');
    expect((await apiGet(server, secret, `/api/v1/jobs/${id}`)).json.deleted).toBe(true);
    expect(await kept(usualId)).toEqual({ image: true, result: true });
    expect((await apiGet(server, secret, `/api/v1/jobs/${usualId}/result`)).status).toBe(200);
  });

  it('retention=download deletes the files once the result is downloaded', async () => {
    const answered = await vectorize(server, secret, logo, { retention: 'download', wait: '30' });
    expect(answered.status).toBe(200);
    expect(Buffer.from(answered.bytes).toString()).toContain('<path');
    const id = answered.headers.get('x-job-id') as string;
    expect(await kept(id)).toEqual({ image: false, result: false });
    expect((await apiGet(server, secret, `/api/v1/jobs/${id}/result`)).status).toBe(410);
    // Converting still when the answer is sent (wait=0), the job keeps its files until its result is read.
    const pending = await vectorize(server, secret, logo, { retention: 'download', wait: '0' });
    expect(pending.status).toBe(202);
    const jobId = pending.json.id as string;
    await until(
      async () => (await apiGet(server, secret, `/api/v1/jobs/${jobId}`)).json.status === 'completed',
    );
    expect(await kept(jobId)).toEqual({ image: true, result: true });
    const first = await apiGet(server, secret, `/api/v1/jobs/${jobId}/result?format=pdf`);
    expect(first.status).toBe(200);
    expect(await kept(jobId)).toEqual({ image: false, result: false });
    expect((await apiGet(server, secret, `/api/v1/jobs/${jobId}/result`)).status).toBe(410);
  });

  it('refuses a retention longer than the server’s, or not a number of minutes', async () => {
    const longer = await vectorize(server, secret, logo, { retention: String(23 * 60 + 1) });
    expect(longer.status).toBe(400);
    expect(longer.json.message).toBe(
      'retention must be at most 1380 minutes: this server keeps files no longer.',
    );
    for (const bad of ['0', 'soon', '2.5', '-3']) {
      const refused = await vectorize(server, secret, logo, { retention: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.json.message, bad).toContain(
        'retention must be a whole number of minutes (1 or more), or download',
      );
    }
  });
});
