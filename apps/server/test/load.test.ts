import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Conversion } from '@vectrace/contract';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { register, startConversion, upload } from './support/flows.js';
import { logoPng, noisePng, whitePng } from './support/images.js';

// Noise is traced in black and white, the workload these bounds were measured with: the automatic
// mode reads noise as color, a heavier trace with a much smaller result.
const BW = { mode: 'bw' } as const;

import { type ServerProcess, spawnServer } from './support/process.js';

// RELIABILITY.md "Load", on the embedded default (SQLite): the figures go in the issue note;
// the tests print them.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(
  env: Record<string, string> = {},
): Promise<ServerProcess & { dataDir: string; dbFile: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-load-'));
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }, { keepLogs: false });
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  });
  return { ...server, dataDir, dbFile: join(dataDir, 'vectrace.db') };
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
};

describe('under load', () => {
  it('with both cores tracing, 50 connections polling for 20 s stay answered (p99 under 500 ms) with no errors', async () => {
    const server = await start({ TRACE_WORKERS: '2' });
    const client = new Client(server.url);
    await register(client);
    const noise = await noisePng(2000);
    const busy = [];
    for (let i = 0; i < 10; i++) busy.push((await startConversion(client, noise, 'noise.png', BW)).body.id);
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
    // A generous bound (a busy machine is not a failure); the figure itself goes to the bench.
    expect(result.latency.p99).toBeLessThan(500);
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

/** A photo of noise as a JPEG: 1800 x 1800 traces into a result of about 15.6 MB. */
async function noiseJpeg(size: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (seed >> 16) & 255;
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Converts and waits for the outcome, polling as the web app does. */
async function converted(client: Client, bytes: Buffer): Promise<Conversion> {
  const created = await startConversion(client, bytes, 'noise.jpg', BW);
  expect(created.status, created.text).toBe(201);
  let done: Conversion;
  do {
    await new Promise((resolve) => setTimeout(resolve, 200));
    done = (await client.get<Conversion>(`/api/conversions/${created.body.id}`)).body;
  } while (done.status === 'pending' || done.status === 'processing');
  expect(done.status, done.errorMessage ?? '').toBe('completed');
  return done;
}

describe('preview cost (check 41)', () => {
  it('16 concurrent previews of a 30 MB result while a user logs in every 200 ms: login p99 under 300 ms, memory growth under 300 MB', async () => {
    const server = await start();
    const pid = server.child.pid ?? 0;
    const owner = new Client(server.url);
    // The tracer bounds one trace's edges (about 16 MB of SVG at most), so the 30 MB result is
    // made of two traced noise photos: their paths in one file, as a two-color result would be.
    const [done, other] = await Promise.all([
      converted(owner, await noiseJpeg(1800, 1)),
      converted(owner, await noiseJpeg(1800, 2)),
    ]);
    const { readFile, writeFile } = await import('node:fs/promises');
    const vectors = join(server.dataDir, 'objects', 'vectors');
    const firstSvg = await readFile(join(vectors, `${done.id}.svg`), 'utf8');
    const secondSvg = await readFile(join(vectors, `${other.id}.svg`), 'utf8');
    const paths = secondSvg.slice(secondSvg.indexOf('>') + 1, secondSvg.lastIndexOf('</svg>'));
    const svg = firstSvg.replace(/<\/svg>\s*$/, `${paths}</svg>\n`);
    await writeFile(join(vectors, `${done.id}.svg`), svg);
    const SQLite = (await import('better-sqlite3')).default;
    const db = new SQLite(server.dbFile);
    db.prepare('UPDATE conversions SET fileSize = ? WHERE id = ?').run(svg.length, done.id);
    db.close();
    expect(svg.length).toBeGreaterThan(30_000_000);

    const { username } = await register(new Client(server.url));
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    const logins: number[] = [];
    let stop = false;
    const loginLoop = (async () => {
      while (!stop) {
        const started = performance.now();
        const reply = await new Client(server.url).post('/api/login', {
          username,
          password: 'correct horse battery',
        });
        expect(reply.status).toBe(200);
        logins.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const preview = () =>
      fetch(`${server.url}/api/preview/${done.id}`, { headers: { cookie: owner.cookieHeader } }).then(
        async (r) => ({ status: r.status, bytes: (await r.arrayBuffer()).byteLength }),
      );
    const drawStarted = performance.now();
    const first = await Promise.all(Array.from({ length: 16 }, preview));
    const drawSeconds = (performance.now() - drawStarted) / 1000;
    const cachedStarted = performance.now();
    const second = await Promise.all(Array.from({ length: 16 }, preview));
    const cachedMs = performance.now() - cachedStarted;
    await new Promise((resolve) => setTimeout(resolve, 600));
    stop = true;
    await loginLoop;
    clearInterval(sampler);
    logins.sort((a, b) => a - b);
    const p99 = logins[Math.min(logins.length - 1, Math.floor(logins.length * 0.99))];
    process.stdout.write(
      `previews of a ${(svg.length / 1e6).toFixed(1)} MB result: 16 at once drawn in ${drawSeconds.toFixed(1)} s, 16 more from the store in ${cachedMs.toFixed(0)} ms; ${logins.length} logins meanwhile, p50 ${logins[Math.floor(logins.length / 2)].toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak\n`,
    );
    expect([...first, ...second].map((r) => r.status)).toEqual(Array(32).fill(200));
    expect(new Set([...first, ...second].map((r) => r.bytes)).size).toBe(1);
    expect(p99).toBeLessThan(300);
    expect(peak - before).toBeLessThan(300);
  }, 120_000);
});

describe('one owner cannot starve the others (check 43)', () => {
  /** Seconds from creation until a worker took it up. */
  async function secondsUntilStarted(client: Client, id: string): Promise<number> {
    const started = performance.now();
    for (;;) {
      const reply = await client.get<Conversion>(`/api/conversions/${id}`);
      if (reply.body.status !== 'pending') return (performance.now() - started) / 1000;
      if (performance.now() - started > 60_000) throw new Error(`${id} still pending after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a visitor bursting 200 conversions gets 429 past its quota, and a Pro batch of 200 is taken in turns: the others start within 30 s, not after the batch', async () => {
    // 400 requests at once from one address: more connections than one address may hold.
    const server = await start({
      UPLOADS_PER_MINUTE: '1000',
      CONVERSIONS_PER_MINUTE: '1000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
    });
    const heavy = await noisePng(1000); // seconds of tracing each
    const burster = new Client(server.url);
    const { ticket } = await upload(burster, heavy);
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        burster.post<Conversion>('/api/conversions', {
          originalFileName: 'noise.png',
          originalFileUrl: ticket.objectPath,
          settings: { ...BW, threshold: i % 100 },
        }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(180);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[0].body).toMatchObject({ message: expect.stringMatching(/Try again in/) });

    // A Pro account's batch is not capped, only queued in turns.
    const pro = new Client(server.url);
    const { username } = await register(pro);
    const db = await import('better-sqlite3').then(({ default: SQLite }) => new SQLite(server.dbFile));
    db.prepare('UPDATE users SET planType = ? WHERE username = ?').run('pro', username);
    db.close();
    const proUpload = await upload(pro, heavy);
    const batch = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        pro.post<Conversion>('/api/conversions', {
          originalFileName: 'noise.png',
          originalFileUrl: proUpload.ticket.objectPath,
          settings: { ...BW, threshold: i % 100 },
        }),
      ),
    );
    expect(batch.map((r) => r.status)).toEqual(Array(200).fill(201));

    const others = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const client = new Client(server.url);
        const created = await startConversion(client, await logoPng(120));
        expect(created.status, created.text).toBe(201);
        return { client, id: created.body.id, position: created.body.queuePosition };
      }),
    );
    const waits = await Promise.all(others.map(({ client, id }) => secondsUntilStarted(client, id)));
    process.stdout.write(
      `burst of 200 + Pro batch of 200: others queued at ${others.map((o) => o.position).join(', ')}, started after ${waits.map((w) => w.toFixed(1)).join(', ')} s\n`,
    );
    for (const wait of waits) expect(wait).toBeLessThan(30);
  }, 120_000);
});
