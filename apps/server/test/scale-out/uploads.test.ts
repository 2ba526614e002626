import type { UploadTicket } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster, stored, until } from '../support/cluster.js';
import { register } from '../support/flows.js';
import { heldPut } from '../support/held-put.js';
import { logoPng } from '../support/images.js';

/** The same signed URL, sent to another API process. */
const through = (uploadURL: string, api: string) => {
  const url = new URL(uploadURL);
  return `${api}${url.pathname}${url.search}`;
};

const putTo = async (url: string, bytes: Uint8Array) => {
  const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes });
  return {
    status: response.status,
    body: (await response.json()) as { message?: string },
    retryAfter: response.headers.get('retry-after'),
  };
};

describe('uploads across API processes and a bucket that fails', () => {
  let cluster: Cluster;
  let png: Buffer;
  beforeAll(async () => {
    cluster = await startCluster({ apis: 2, workers: 0 });
    png = await logoPng(200);
  });
  afterAll(() => cluster?.close());

  it('an upload whose API process is killed mid-PUT is retried through the other process', async () => {
    const client = cluster.client(0);
    await register(client);
    const ticket = (await client.post<UploadTicket>('/api/objects/upload')).body;
    const id = ticket.objectPath.split('/').pop() as string;
    const taken = async () =>
      (await cluster.db.selectFrom('uploads').select('claimedAt').where('id', '=', id).executeTakeFirst())
        ?.claimedAt != null;

    const put = heldPut(ticket.uploadURL, png, Math.floor(png.length / 2));
    await until(taken, 20_000, 'the PUT taking its link');
    await cluster.stop(cluster.apis[0], 'SIGKILL');
    put.abort();

    const other = cluster.apis[1].url;
    const first = await putTo(through(ticket.uploadURL, other), png);
    // While the dead process's hold lasts, the retry is told when to come back.
    if (first.status !== 200) {
      expect(first.status).toBe(403);
      expect(first.body.message).toMatch(/try again in \d+ seconds/);
    }
    let retried = first;
    const start = Date.now();
    while (retried.status !== 200 && Date.now() - start < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      retried = await putTo(through(ticket.uploadURL, other), png);
    }
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(Date.now() - start, 'free again within a minute').toBeLessThan(60_000);
    expect(await stored(cluster.store, `uploads/${id}`)).toBe(true);
    const replay = await putTo(through(ticket.uploadURL, other), png);
    expect(replay.status).toBe(403);
    expect(replay.body.message).toMatch(/already been used/);
    cluster.apis[0] = await cluster.startApi();
  });

  it('with the bucket down, uploads and reads answer 503 saying so, and the cause is logged as an error', async () => {
    const api = cluster.apis[1];
    const client = cluster.client(1);
    await register(client);
    const kept = (await client.post<UploadTicket>('/api/objects/upload')).body;
    expect((await putTo(kept.uploadURL, png)).status).toBe(200);
    const ticket = (await client.post<UploadTicket>('/api/objects/upload')).body;
    const logged = api.logs.length;

    await cluster.s3.stop();
    try {
      const refused = await putTo(ticket.uploadURL, png);
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(/file storage is unavailable.*try again/i);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);

      const read = await client.get(kept.objectPath);
      expect(read.status).toBe(503);
      expect(read.text).toMatch(/file storage is unavailable/);

      const errors = () =>
        api.logs.slice(logged).filter((line) => line.level === 50 && line.msg === 'file storage unavailable');
      await until(() => errors().length >= 2, 10_000, 'both failures logged as errors');
      expect(JSON.stringify(errors()[0].err)).toMatch(/S3/);
    } finally {
      await cluster.s3.start();
    }
    // Back up: the link that failed still works.
    expect((await putTo(ticket.uploadURL, png)).status).toBe(200);
  });
});
