import { describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import {
  burstAndBatch,
  idleMemory,
  pollWhileTracing,
  previewsWhileLoggingIn,
  withEmbeddedServer,
} from './support/embedded-load.js';
import { register, startConversion, upload } from './support/flows.js';
import { logoPng, whitePng } from './support/images.js';

// RELIABILITY.md "Load", on the embedded default (SQLite): what the load shows about behaviour,
// with bounds that hold on a machine ten times slower. The tests print the figures; the timing
// targets are `npm run bench:load`'s, in bench/RESULTS.md.
describe('under load', () => {
  it('with both cores tracing, 50 connections polling for 8 s are all answered, with no errors', async () => {
    const figures = await pollWhileTracing(8);
    process.stdout.write(`load: ${JSON.stringify(figures)}\n`);
    expect(figures.stillBusy, 'the cores were tracing throughout').toBeGreaterThan(0);
    expect(figures.errors).toBe(0);
    expect(figures.non2xx).toBe(0);
    // No errors: every request was answered within autocannon's 10 s timeout, however busy the
    // machine. The target (p99 under 100 ms) is `npm run bench:load`'s: on this machine loaded
    // six times over, p99 reached 3.7 s with every request answered.
  }, 120_000);

  it('polling is never rate-limited: 300 polls in a row all answer 200', async () => {
    const statuses = await withEmbeddedServer({}, async (server) => {
      const client = new Client(server.url);
      await register(client);
      const id = (await startConversion(client, await logoPng())).body.id;
      const seen = new Set<number>();
      for (let i = 0; i < 300; i++) {
        seen.add((await client.get(`/api/conversions/${id}`)).status);
        seen.add((await client.get('/api/conversions')).status);
      }
      return seen;
    });
    expect([...statuses]).toEqual([200]);
  });

  it('10 concurrent 10 MB uploads and 5 pixel bombs: the uploads succeed, the bombs are refused, memory stays bounded', async () => {
    await withEmbeddedServer({}, async (server) => {
      const before = server.rssMb();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, server.rssMb());
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
      expect(refused[0]?.body.message).toMatch(/larger than 50 megapixels/);
      // The documented bound (apps/server/README.md): uploads stream to disk, bombs are refused from their header.
      expect(peak - before).toBeLessThan(200);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    });
  }, 60_000);
});

describe('preview cost (check 41)', () => {
  it('16 concurrent previews of a 30 MB result while a user logs in every 200 ms: every preview and login answered, drawn once, memory growth under 300 MB', async () => {
    const figures = await previewsWhileLoggingIn();
    process.stdout.write(`previews: ${JSON.stringify(figures)}\n`);
    expect(figures.resultMb).toBeGreaterThan(30);
    expect(figures.statuses).toEqual(Array(32).fill(200));
    expect(figures.sizes, 'one preview, drawn once then served from the store').toBe(1);
    expect(new Set(figures.loginStatuses)).toEqual(new Set([200]));
    // Logins go on while the previews are drawn (their thread, not the event loop): ten times the
    // target (p99 under 300 ms, `npm run bench:load`).
    expect(figures.loginP99).toBeLessThan(3000);
    expect(figures.rssPeak - figures.rssBefore).toBeLessThan(300);
  }, 180_000);
});

describe('one owner cannot starve the others (check 43)', () => {
  it('a visitor bursting 200 conversions gets 429 past its quota, and a Pro batch of 200 is taken in turns: the others start while most of the batch still waits', async () => {
    const figures = await burstAndBatch();
    const { burstStatuses, batchStatuses, ...rest } = figures;
    process.stdout.write(`fairness: ${JSON.stringify(rest)}\n`);
    expect(burstStatuses.filter((s) => s === 201)).toHaveLength(20);
    expect(burstStatuses.filter((s) => s === 429)).toHaveLength(180);
    expect(figures.retryAfter).toBeGreaterThan(0);
    expect(figures.refusal).toMatch(/Try again in/);
    expect(batchStatuses).toEqual(Array(200).fill(201));
    // Taken in turns, not after the batch, however fast the machine traces.
    expect(figures.batchWaitingThen).toBeGreaterThan(150);
  }, 300_000);
});

describe('memory once idle', () => {
  it('after color traces of large images and their previews, the idle server goes back under 400 MB', async () => {
    // Threads end 2 s after their last task here; the product's 10 s is bench:load's.
    const figures = await idleMemory(2000);
    process.stdout.write(`memory: ${JSON.stringify(figures)}\n`);
    expect(figures.busiest, 'the work took memory').toBeGreaterThan(figures.started + 200);
    expect(figures.idle).toBeLessThan(400);
  }, 300_000);
});
