import { flattenSubpath, readSvg } from '@vectrace/tracer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, vectorize } from './support/api.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

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
