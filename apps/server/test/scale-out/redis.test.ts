import type { Conversion } from '@vectrace/contract';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.js';
import { type Cluster, conversionRows, startCluster, until } from '../support/cluster.js';
import { register, settled, upload } from '../support/flows.js';
import { logoPng } from '../support/images.js';
import { freePort, type RedisServer, startRedisServer } from '../support/redis-server.js';

let cluster: Cluster | undefined;
let redis: RedisServer | undefined;
afterEach(async () => {
  await cluster?.close();
  await redis?.close();
  cluster = redis = undefined;
});

async function startMany(client: Client, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { ticket } = await upload(client, await logoPng(100 + i));
    const created = await client.post<Conversion>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.objectPath,
    });
    expect(created.status, created.text).toBe(201);
    ids.push(created.body.id);
  }
  return ids;
}

const waitingJobs = async (c: Cluster, url: string) => {
  const connection = new Redis(url, { maxRetriesPerRequest: null });
  const queue = new Queue('conversions', { connection, prefix: c.env.REDIS_PREFIX });
  try {
    return await queue.getWaitingCount();
  } finally {
    await queue.close();
    connection.disconnect();
  }
};

describe('Redis restarted or emptied', () => {
  it('a restart keeps the queued jobs (append-only file), and every conversion completes', async () => {
    redis = await startRedisServer();
    cluster = await startCluster({ apis: 1, workers: 0, env: { REDIS_URL: redis.url } });
    const c = cluster;
    const client = c.client(0);
    await register(client);
    const ids = await startMany(client, 8);
    expect(await waitingJobs(c, redis.url)).toBe(8);

    await redis.stop();
    await redis.start();
    expect(await waitingJobs(c, redis.url), 'the jobs survived the restart').toBe(8);
    c.workers.push(await c.startWorker());
    const done = await Promise.all(ids.map((id) => settled(client, id, 60_000)));
    expect(done.map((conversion) => conversion.status)).toEqual(ids.map(() => 'completed'));
  }, 120_000);

  it('conversions made while Redis is down, or lost with it, are queued again from the database and complete', async () => {
    redis = await startRedisServer();
    cluster = await startCluster({ apis: 1, workers: 1, env: { REDIS_URL: redis.url } });
    const c = cluster;
    const client = c.client(0);
    await register(client);

    await redis.stop();
    const madeWhileDown = await startMany(client, 4);
    await redis.start();
    // Emptied (as a Redis without persistence comes back): the jobs of these are gone too.
    const flush = new Redis(redis.url);
    const flushedToo = await startMany(client, 4);
    await flush.flushall();
    flush.disconnect();

    const ids = [...madeWhileDown, ...flushedToo];
    const done = await Promise.all(ids.map((id) => settled(client, id, 60_000)));
    expect(done.map((conversion) => conversion.status)).toEqual(ids.map(() => 'completed'));
    const rows = await conversionRows(c, ids);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  }, 120_000);

  it("a worker's readiness says whether it can take work: 503 naming Redis while it is away, 200 once it is back", async () => {
    redis = await startRedisServer();
    cluster = await startCluster({ apis: 1, workers: 0, env: { REDIS_URL: redis.url } });
    const port = await freePort();
    cluster.workers.push(await cluster.startWorker({ HEALTH_PORT: String(port) }));
    const health = () => fetch(`http://127.0.0.1:${port}/readyz`).then((reply) => reply.status);
    expect(await health()).toBe(200);
    await redis.stop();
    const away = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(away.status).toBe(503);
    expect(await away.json()).toMatchObject({
      checks: { redis: 'unavailable', database: 'ok', store: 'ok' },
    });
    // Alive all the while: an orchestrator sends it no work, but does not restart it.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await redis.start();
    await until(async () => (await health()) === 200, 10_000, 'healthy again');

    // A shutdown while Redis is away does not hang on it.
    await redis.stop();
    const began = Date.now();
    expect(await cluster.stop(cluster.workers[0])).toBe(0);
    expect(Date.now() - began).toBeLessThan(15_000);
  }, 60_000);
});
