import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../dist/deps.js';
import { assertExportFits, MAX_EXPORT_BYTES, resultFile } from '../dist/features/results/download.js';
import { fairTurns } from '../dist/features/results/fair-turns.js';
import { FILE_MEMORY_MB, openFileWorkers } from '../dist/features/results/file-workers.js';
import { accountWithKey, apiGet, vectorize } from './support/api.js';
import { Client } from './support/client.js';
import { convert } from './support/flows.js';
import { logoPng, noisePng } from './support/images.js';
import { markPaid, startTestServer, type TestServer } from './support/server.js';

// Exports (a result written again as EPS, PDF, DXF or PNG, or resized) once had no per-owner
// limit and waited in one line with everyone's previews at the one file worker: one owner's
// flood of exports held another owner's preview for half a minute.

describe('exports per owner', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { EXPORTS_PER_MINUTE: '6', PREVIEWS_PER_MINUTE: '20', PREVIEW_WORKERS: '1' },
    });
  });
  afterAll(() => server?.stop());

  async function paidConversion(image: Buffer) {
    const client = new Client(server.url);
    const conversion = await convert(client, image);
    expect(conversion.status).toBe('completed');
    await markPaid(server, conversion.id);
    return { client, id: conversion.id };
  }

  it('answers 429 with Retry-After past two at once and past the minute’s limit; the stored SVG is never counted', async () => {
    const { client, id } = await paidConversion(await logoPng());
    const at = (i: number) => `/api/download/${id}?format=pdf&width=${100 + i}`;
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => client.get(at(i))));
    const refused = burst.filter((r) => r.status === 429);
    expect(burst.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const reply of refused) {
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(reply.body.message).toMatch(/files are being written already|in the last minute/);
    }
    // One at a time until the minute's six are used: then refused, saying until when.
    let last = burst.at(-1);
    for (let i = 0; i < 8; i++) {
      last = await client.get(at(20 + i));
      if (last.status === 429 && /in the last minute/.test(last.body.message)) break;
    }
    expect(last?.status).toBe(429);
    expect(last?.body.message).toMatch(
      /^You have asked for 6 files in another format or size in the last minute, the most we allow\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(last?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The file as it is stored takes no worker: still given.
    expect((await client.get(`/api/download/${id}`)).status).toBe(200);
  });

  it('counts the API’s results written again against the same limit, as rate_limited, and gives the stored SVG past it', async () => {
    const pro = await accountWithKey(server, { pro: true });
    const made = await vectorize(server, pro.secret, await logoPng(), { wait: '30' });
    expect(made.status).toBe(200);
    const id = made.headers.get('x-job-id');
    const results = [];
    for (let i = 0; i < 8; i++) {
      results.push(await apiGet(server, pro.secret, `/api/v1/jobs/${id}/result?format=eps&width=${200 + i}`));
    }
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    const refused = results.at(-1);
    expect(refused?.status).toBe(429);
    expect(refused?.json.code).toBe('rate_limited');
    expect(refused?.json.message).toMatch(
      /^You have asked for 6 files in another format or size in the last minute/,
    );
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await apiGet(server, pro.secret, `/api/v1/jobs/${id}/result`)).status).toBe(200);
  });

  it('keeps another owner’s preview within a task or two of the front while one owner floods the worker with exports', async () => {
    const flooder = await paidConversion(await noisePng(400));
    const other = await paidConversion(await logoPng());
    const finished: number[] = [];
    let answered = 0;
    // Twelve exports at once, each a fresh size: all of them at the worker before the fix.
    const flood = Array.from({ length: 12 }, (_, i) =>
      flooder.client.get(`/api/download/${flooder.id}?format=dxf&width=${1000 + i}`).then((reply) => {
        answered++;
        if (reply.status === 200) finished.push(answered);
        return reply;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const preview = await other.client.get(`/api/preview/${other.id}`);
    expect(preview.status).toBe(200);
    // Exports of the flood written before the other owner's preview came back.
    const ahead = finished.length;
    await Promise.all(flood);
    // At most the one running when the preview came (two, should it have been written meanwhile).
    expect(ahead).toBeLessThanOrEqual(2);
  });

  it('answers 429 past the minute’s previews, drawn or cached', async () => {
    const { client, id } = await paidConversion(await logoPng());
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await client.get(`/api/preview/${id}`)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    const refused = await client.get(`/api/preview/${id}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^You have asked for 20 previews in the last minute, the most we allow/,
    );
  });

  it('refuses a file estimated past the bound before it is written, saying why and what to do instead', async () => {
    // Large enough that its DXF would pass MAX_EXPORT_BYTES: refused before any worker is asked.
    const svg = Buffer.alloc(Math.ceil(MAX_EXPORT_BYTES / 4), ' ');
    const noWorkers = {} as Deps;
    const written = resultFile(noWorkers, svg, { format: 'dxf', unit: 'px' }, false, 'user:x');
    await expect(written).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringMatching(
        /^This result is too large to write as DXF \(about \d+ MB; files are written up to 64 MB\)\. Download it as SVG/,
      ),
    });
  });
});

describe('the largest file the bound accepts', () => {
  it('is written as DXF in a file thread of the server’s memory, without running the process out of memory', async () => {
    // A trace of noise: 20 colors of small outlines of curves, as large as a DXF may be written
    // from (a 57 MB DXF once took over 512 MB of heap, and took the server down with it).
    const svg = noiseTrace(Math.floor((MAX_EXPORT_BYTES / 5) * 0.98));
    assertExportFits(svg, 'dxf');
    const files = openFileWorkers({ threads: 1, memoryMb: FILE_MEMORY_MB, idleMs: 1000 });
    try {
      const dxf = await files.export({ svg, format: 'dxf', testMark: false });
      expect(dxf.byteLength).toBeGreaterThan(svg.byteLength);
      expect(dxf.subarray(dxf.byteLength - 4).toString()).toBe('EOF\n');
    } finally {
      await files.close();
    }
  });
});

/** An SVG of about `bytes`, 900 px square, of 20 colors of small closed outlines of cubics. */
function noiseTrace(bytes: number): Buffer {
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  // Written as the tracer writes: two decimals at most, no leading zero, a minus for a separator.
  const step = () => {
    const v = (random(500) - 250) / 100;
    return ` ${v}`.replace(' -', '-').replace(/^( |-)0\./, '$1.');
  };
  const parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900" viewBox="0 0 900 900">'];
  let size = parts[0].length;
  for (let layer = 0; size < bytes - 100; layer = (layer + 1) % 20) {
    const d: string[] = [];
    for (let k = 0; k < 50; k++) {
      d.push(`M${random(900)} ${random(900)}`);
      for (let c = 0; c < 40; c++) d.push(`c${step()}${step()}${step()}${step()}${step()}${step()}`);
      d.push('z');
    }
    const path = `<path fill="#${(layer * 12).toString(16).padStart(2, '0')}6080" d="${d.join('')}"/>`;
    if (size + path.length > bytes - 10) break;
    parts.push(path);
    size += path.length;
  }
  parts.push('</svg>');
  return Buffer.from(parts.join('\n'));
}

describe('turns at the file workers', () => {
  it('starts another owner’s task after at most one more of an owner with many waiting', async () => {
    const inTurn = fairTurns(1);
    const order: string[] = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        setTimeout(resolve, 5);
      });
    const all = [
      ...Array.from({ length: 6 }, (_, i) => inTurn('user:a', task(`a${i}`))),
      inTurn('user:b', task('b0')),
    ];
    await Promise.all(all);
    // a0 was running when b0 came: b0 is next.
    expect(order.indexOf('b0')).toBe(1);
    expect(order).toHaveLength(7);
  });
});
