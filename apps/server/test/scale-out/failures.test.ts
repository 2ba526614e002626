import type { Conversion } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.js';
import { type Cluster, conversionRows, startCluster, stored, until } from '../support/cluster.js';
import { register, settled, upload } from '../support/flows.js';
import { logoPng, noisePng } from '../support/images.js';

// The ways two processes on one database used to break each other, each now held by a test.
describe('what two API processes share', () => {
  let c: Cluster;
  beforeAll(async () => {
    c = await startCluster({ apis: 2, workers: 1 });
  });
  afterAll(() => c.close());

  it('1. an upload made through one API process converts through the other, which serves its original', async () => {
    const a = c.client(0);
    await register(a);
    const { ticket, put } = await upload(a, await logoPng(120));
    expect(put.status).toBe(200);
    const b = c.on(a, 1);
    const created = await b.post<Conversion>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.objectPath,
    });
    expect(created.status, created.text).toBe(201);
    expect((await settled(b, created.body.id)).status).toBe('completed');
    const original = await b.get(ticket.objectPath);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');

    // A file the row names but the store lost answers 404 with a sentence, not 500.
    await c.store.delete(ticket.objectPath.replace('/objects/', ''));
    const gone = await c.on(a, 0).get(ticket.objectPath);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/no longer available/);
  });

  it('2. a result traced elsewhere previews and, once paid, downloads through either API process', async () => {
    const a = c.client(0);
    await register(a);
    const { ticket } = await upload(a, await logoPng(120));
    const created = await a.post<Conversion>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.objectPath,
    });
    await settled(a, created.body.id);
    for (const api of [0, 1]) {
      const preview = await c.on(a, api).get(`/api/preview/${created.body.id}`);
      expect(preview.status, `preview on API ${api}`).toBe(200);
      expect((await c.on(a, api).get(`/api/download/${created.body.id}`)).status).toBe(402);
    }
    await c.db
      .updateTable('conversions')
      .set({ paymentStatus: 'paid' })
      .where('id', '=', created.body.id)
      .execute();
    for (const api of [0, 1]) {
      const download = await c.on(a, api).get(`/api/download/${created.body.id}`);
      expect(download.status, `download on API ${api}`).toBe(200);
      expect(download.text).toContain('<svg');
    }
  });

  it('4. an upload URL and a visitor cookie from one API process work on the other (the shared secret)', async () => {
    const visitor = c.client(0);
    const ticket = await visitor.post('/api/objects/upload');
    expect(ticket.status).toBe(200);
    const elsewhere = ticket.body.uploadURL.replace(c.apis[0].url, c.apis[1].url);
    expect(elsewhere).not.toBe(ticket.body.uploadURL);
    const put = await fetch(elsewhere, { method: 'PUT', body: await logoPng(80) });
    expect(put.status).toBe(200);
    const b = c.on(visitor, 1);
    const created = await b.post<Conversion>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.body.objectPath,
    });
    expect(created.status, created.text).toBe(201);
    const listed = await b.get<Conversion[]>('/api/conversions');
    expect(listed.status).toBe(200);
    expect(listed.body.map((conversion) => conversion.id)).toEqual([created.body.id]);
  });
});

describe('limits across processes', () => {
  it('3. an upload limit of 3 a minute admits 3 across two API processes, not 6', async () => {
    const c = await startCluster({ apis: 2, workers: 0, env: { UPLOADS_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await c.client(i % 2).post('/api/objects/upload')).status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    } finally {
      await c.close();
    }
  });
});

describe('what one owner may have under way, across processes', () => {
  it('8 progress streams at once, wherever they are opened; one closed frees its place', async () => {
    // Long leases: a slot's renewal a few seconds late on a loaded machine must not free it here.
    const c = await startCluster({ apis: 2, workers: 0, env: { LEASE_MS: '15000' } });
    const streams: AbortController[] = [];
    try {
      const a = c.client(0);
      await register(a);
      // No worker: the conversion stays pending, so its streams stay open.
      const id = await startSlow(a, await logoPng(80));
      const open = async (api: number) => {
        const stop = new AbortController();
        streams.push(stop);
        const client = c.on(a, api);
        const reply = await fetch(`${client.baseUrl}/api/conversions/${id}/events`, {
          headers: { cookie: client.cookieHeader },
          signal: stop.signal,
        });
        return { status: reply.status, stop };
      };
      const first = [];
      for (let i = 0; i < 8; i++) first.push(await open(i % 2));
      expect(first.map((stream) => stream.status)).toEqual(Array(8).fill(200));
      expect((await open(1)).status).toBe(429);
      expect((await open(0)).status).toBe(429);
      first[0].stop.abort();
      await until(async () => (await open(1)).status === 200, 5000, 'a freed place');
    } finally {
      for (const stream of streams) stream.abort();
      await c.close();
    }
  });
});

describe('no stolen work', () => {
  it('5. a restart elsewhere leaves a live trace alone; a stalled process loses it and its late result changes nothing', async () => {
    const c = await startCluster({ apis: 2, workers: 2 });
    try {
      const a = c.client(0);
      await register(a);
      const slow = await noisePng(1600);

      // A live trace while another API process restarts and a new worker starts.
      const first = await startSlow(a, slow);
      const tracer = await tracingWorker(c, first);
      await c.restartApi(1);
      c.workers.push(await c.startWorker());
      expect((await settled(a, first, 60_000)).status).toBe('completed');
      const [row] = await conversionRows(c, [first]);
      expect(row.attempts, 'traced once, by the process that claimed it').toBe(1);
      expect(row.claimedBy).toContain(`:${tracer.child.pid}:`);

      // A worker that stalls (SIGSTOP) past its lease: another takes the conversion and records
      // it; the stalled one, resumed, records nothing and deletes nothing.
      const second = await startSlow(a, slow);
      const stalled = await tracingWorker(c, second);
      stalled.child.kill('SIGSTOP');
      expect((await settled(a, second, 60_000)).status).toBe('completed');
      stalled.child.kill('SIGCONT');
      await until(
        () =>
          stalled.logs.some(
            (entry) => entry.conversionId === second && /taken back|not recorded/.test(String(entry.msg)),
          ),
        30_000,
        'the stalled worker giving up its claim',
      );
      const [after] = await conversionRows(c, [second]);
      expect(after.status).toBe('completed');
      expect(after.claimedBy).not.toContain(`:${stalled.child.pid}:`);
      expect(await stored(c.store, `vectors/${second}.svg`)).toBe(true);
      await c.db.updateTable('conversions').set({ paymentStatus: 'paid' }).where('id', '=', second).execute();
      expect((await a.get(`/api/download/${second}`)).status).toBe(200);
    } finally {
      await c.close();
    }
  }, 180_000);
});

async function startSlow(client: Client, bytes: Buffer): Promise<string> {
  const { ticket } = await upload(client, bytes);
  const created = await client.post<Conversion>('/api/conversions', {
    originalFileName: 'noise.png',
    originalFileUrl: ticket.objectPath,
  });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

/** The worker process tracing the conversion, once it is tracing it. */
async function tracingWorker(c: Cluster, id: string) {
  let pid: string | undefined;
  await until(
    async () => {
      const [row] = await conversionRows(c, [id]);
      pid = row.stage === 'tracing' ? row.claimedBy?.split(':')[1] : undefined;
      return pid !== undefined;
    },
    30_000,
    'a worker tracing it',
  );
  const worker = c.workers.find((w) => String(w.child.pid) === pid);
  if (!worker) throw new Error(`no worker with pid ${pid}`);
  return worker;
}

describe('transient failures', () => {
  it('a trace that cannot read its file (the bucket away) waits for the store without spending an attempt, and completes once it is back', async () => {
    const c = await startCluster({ apis: 1, workers: 0 });
    try {
      const a = c.client(0);
      await register(a);
      const id = await startSlow(a, await logoPng(120));
      await c.s3.stop();
      const worker = await c.startWorker();
      c.workers.push(worker);
      let requeued: Record<string, unknown> | undefined;
      await until(
        () => {
          requeued = worker.logs.find(
            (entry) => entry.conversionId === id && entry.msg === 'file storage failed; conversion requeued',
          );
          return requeued !== undefined;
        },
        30_000,
        'the failed attempt',
      );
      // Put back to wait for the store (15 s) rather than tried again at once.
      const retryAt = Date.parse(String(requeued?.retryAt));
      expect(retryAt - Number(requeued?.time)).toBeGreaterThanOrEqual(14_900);
      await c.s3.start();
      const done = await settled(a, id, 60_000);
      expect(done.status).toBe('completed');
      // Its last attempt started once the wait was over, and the store's failures cost it none.
      const [row] = await conversionRows(c, [id]);
      expect(row.attempts).toBe(1);
      expect(Date.parse(row.processingStartedAt ?? '')).toBeGreaterThanOrEqual(retryAt);
    } finally {
      await c.close();
    }
  }, 120_000);
});
