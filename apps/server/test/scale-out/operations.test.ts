import { afterEach, describe, expect, it } from 'vitest';
import { type Cluster, startCluster, until } from '../support/cluster.js';
import { convert, register, settled, startConversion } from '../support/flows.js';
import { logoPng, truncatedPng } from '../support/images.js';
import { freePort, type RedisServer, startRedisServer } from '../support/redis-server.js';

const TOKEN = 'the-scrapers-token-of-some-length';

let cluster: Cluster | undefined;
let redis: RedisServer | undefined;
afterEach(async () => {
  await cluster?.close();
  await redis?.close();
  cluster = redis = undefined;
});

const scrape = (base: string, token?: string) =>
  fetch(`${base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The value of one sample of the exposition, e.g. `name{label="x"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const readiness = async (base: string) => {
  const reply = await fetch(`${base}/readyz`);
  return { status: reply.status, body: await reply.json() };
};

describe('operating API and worker processes', () => {
  it("metrics: the queue's depth and oldest wait, and a worker's own traces and failures on its health port", async () => {
    cluster = await startCluster({ apis: 1, workers: 0, env: { METRICS_TOKEN: TOKEN } });
    const api = cluster.apis[0].url;
    const client = cluster.client(0);
    await register(client);
    // No worker yet: the conversion waits, and every process sees it in the database.
    const waiting = await startConversion(client, await logoPng(120));
    expect(waiting.status, waiting.text).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queued = await (await scrape(api, TOKEN)).text();
    expect(sample(queued, 'vectrace_queue_waiting')).toBe(1);
    expect(sample(queued, 'vectrace_queue_oldest_waiting_seconds')).toBeGreaterThan(0);

    const health = `http://127.0.0.1:${await freePort()}`;
    cluster.workers.push(await cluster.startWorker({ HEALTH_PORT: new URL(health).port }));
    expect((await scrape(health)).status).toBe(404);
    expect((await scrape(health, 'not-the-scrapers-token-at-all')).status).toBe(404);
    expect((await fetch(`${health}/healthz`)).status).toBe(200);
    expect(await readiness(health)).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', redis: 'ok', store: 'ok' } },
    });
    expect((await settled(client, waiting.body.id)).status).toBe('completed');
    expect((await convert(client, await truncatedPng(), 'broken.png')).status).toBe('failed');

    const scraped = await scrape(health, TOKEN);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const worker = await scraped.text();
    expect(sample(worker, 'vectrace_trace_duration_seconds_count')).toBe(1);
    expect(sample(worker, 'vectrace_trace_failures_total{reason="refused"}')).toBe(1);
    expect(sample(worker, 'vectrace_queue_waiting')).toBe(0);
    expect(sample(worker, 'vectrace_queue_oldest_waiting_seconds')).toBe(0);
    expect(worker).toContain('process_resident_memory_bytes');

    // The API process traced nothing; it counted the requests.
    const served = await (await scrape(api, TOKEN)).text();
    expect(sample(served, 'vectrace_trace_duration_seconds_count')).toBe(0);
    expect(
      sample(
        served,
        'vectrace_http_request_duration_seconds_count{method="POST",route="/api/conversions",status="201"}',
      ),
    ).toBe(2);
  });

  it('API and worker answer /readyz 503 naming the bucket while it is away, and 200 once it is back', async () => {
    cluster = await startCluster({ apis: 1, workers: 0 });
    const health = `http://127.0.0.1:${await freePort()}`;
    cluster.workers.push(await cluster.startWorker({ HEALTH_PORT: new URL(health).port }));
    const api = cluster.apis[0].url;

    await cluster.s3.stop();
    try {
      for (const base of [api, health]) {
        expect(await readiness(base)).toEqual({
          status: 503,
          body: { status: 'unavailable', checks: { database: 'ok', redis: 'ok', store: 'unavailable' } },
        });
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
      }
    } finally {
      await cluster.s3.start();
    }
    for (const base of [api, health]) expect((await readiness(base)).status).toBe(200);
  });

  it('an API process answers /readyz 503 naming Redis while it is away, and 200 once it is back', async () => {
    redis = await startRedisServer();
    cluster = await startCluster({ apis: 1, workers: 0, env: { REDIS_URL: redis.url } });
    const api = cluster.apis[0].url;
    expect((await readiness(api)).status).toBe(200);

    await redis.stop();
    expect(await readiness(api)).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', redis: 'unavailable', store: 'ok' } },
    });
    // Alive all the while: a balancer sends it no traffic, but nothing restarts it.
    expect((await fetch(`${api}/healthz`)).status).toBe(200);
    await redis.start();
    await until(async () => (await readiness(api)).status === 200, 10_000, 'ready again');
  }, 60_000);
});
