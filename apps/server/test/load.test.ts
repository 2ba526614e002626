import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Conversion } from '@vectrace/contract';
import autocannon from 'autocannon';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { register, startConversion, upload } from './support/flows.js';
import { logoPng, noisePng, whitePng } from './support/images.js';
import { type ServerProcess, spawnServer } from './support/process.js';

// RELIABILITY.md "Load", on the embedded default (SQLite): the figures go in the issue note;
// the tests print them.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-load-'));
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }, { keepLogs: false });
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  });
  return server;
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
};

describe('under load', () => {
  it('with both cores tracing, 50 connections polling for 20 s get p99 under 100 ms and no errors', async () => {
    const server = await start({ TRACE_WORKERS: '2' });
    const client = new Client(server.url);
    await register(client);
    const noise = await noisePng(2000);
    const busy = [];
    for (let i = 0; i < 10; i++) busy.push((await startConversion(client, noise)).body.id);
    const polled = (await startConversion(client, await logoPng())).body.id;

    const result = await autocannon({
      url: server.url,
      connections: 50,
      duration: 20,
      headers: { cookie: client.cookieHeader },
      requests: [{ path: `/api/conversions/${polled}` }, { path: '/api/user' }],
    });
    const stillTracing = (await client.get<Conversion[]>('/api/conversions')).body.filter((c) =>
      ['pending', 'processing'].includes(c.status),
    );
    process.stdout.write(
      `load: ${result.requests.total} requests in ${result.duration} s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, errors ${result.errors}, non-2xx ${result.non2xx}; ${stillTracing.length} of the 11 conversions still queued or running\n`,
    );
    expect(stillTracing.length, 'the cores were tracing throughout').toBeGreaterThan(0);
    expect(result.errors).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.latency.p99).toBeLessThan(100);
  }, 90_000);

  it('polling is never rate-limited: 300 polls in a row all answer 200', async () => {
    const server = await start();
    const client = new Client(server.url);
    await register(client);
    const id = (await startConversion(client, await logoPng())).body.id;
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) {
      statuses.add((await client.get(`/api/conversions/${id}`)).status);
      statuses.add((await client.get('/api/conversions')).status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('10 concurrent 10 MB uploads and 5 pixel bombs: the uploads succeed, the bombs are refused, memory stays bounded', async () => {
    const server = await start();
    const pid = server.child.pid ?? 0;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    // A real PNG's bytes first (what arrives must read as an image), padded to the 10 MB limit.
    const big = Buffer.alloc(10_485_760, 7);
    big.set(await logoPng(30));
    const bomb = whitePng(20_000, 20_000);
    const uploads = Array.from({ length: 10 }, () => upload(new Client(server.url), big));
    const bombs = Array.from({ length: 5 }, async () => {
      const { put } = await upload(new Client(server.url), bomb);
      return { status: put.status, body: put.body as { message?: string } };
    });
    const uploaded = await Promise.all(uploads);
    const refused = await Promise.all(bombs);
    clearInterval(sampler);
    process.stdout.write(
      `upload burst: server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak\n`,
    );
    expect(uploaded.map((u) => u.put.status)).toEqual(Array(10).fill(200));
    expect(refused.map((r) => r.status)).toEqual(Array(5).fill(400));
    expect(refused[0].body.message).toMatch(/larger than 50 megapixels/);
    // The documented bound (apps/server/README.md): uploads stream to disk, bombs are refused from their header.
    expect(peak - before).toBeLessThan(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
