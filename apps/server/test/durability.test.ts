import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Conversion } from '@vectrace/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { databaseForRestarts } from './support/database.js';
import { register, settled, startConversion, upload } from './support/flows.js';
import { logoPng, noisePng } from './support/images.js';
import { type ServerProcess, spawnServer } from './support/process.js';

let dataDir: string;
let database: Awaited<ReturnType<typeof databaseForRestarts>>;
let running: ServerProcess[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vectrace-durability-'));
  database = await databaseForRestarts();
});
afterEach(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  running = [];
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  // A short lease: a killed process's conversion comes back within a second or two.
  const server = await spawnServer({
    DATA_DIR: dataDir,
    TRACE_WORKERS: '1',
    LEASE_MS: '1500',
    ...database.env,
    ...env,
  });
  running.push(server);
  return server;
}

async function waitForStatus(client: Client, id: string, status: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const reply = await client.get<Conversion>(`/api/conversions/${id}`);
    if (reply.body.status === status) return reply.body;
    if (Date.now() > end) throw new Error(`still ${reply.body.status}, never ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A client of the restarted server that keeps the first one's cookies. */
function sameBrowser(client: Client, url: string): Client {
  const next = new Client(url);
  for (const [name, value] of client.cookies) next.cookies.set(name, value);
  return next;
}

describe('job durability', () => {
  it('a conversion interrupted by kill -9 mid-trace is completed after restart', async () => {
    const first = await start();
    const client = new Client(first.url);
    await register(client);
    const created = await startConversion(client, await noisePng(1500));
    expect(created.status).toBe(201);
    await waitForStatus(client, created.body.id, 'processing');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await start();
    const again = sameBrowser(client, second.url);
    const done = await settled(again, created.body.id, 40_000);
    expect(done.status).toBe('completed');
    expect(done.vectorCount).toBeGreaterThan(1000);
    const stuck = (await again.get<Conversion[]>('/api/conversions')).body.filter((c) =>
      ['pending', 'processing'].includes(c.status),
    );
    expect(stuck).toEqual([]);
  });

  it('an image that breaks the time limit fails at once with the reason, is not tried again, and others still finish', async () => {
    const server = await start({ TRACE_TIMEOUT_MS: '1500', TRACE_MAX_ATTEMPTS: '2', TRACE_WORKERS: '2' });
    const client = new Client(server.url);
    await register(client);
    const poison = await startConversion(client, await noisePng(2000));
    const good = await startConversion(client, await logoPng());
    expect((await settled(client, good.body.id)).status).toBe('completed');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const failed = await settled(client, poison.body.id, 40_000);
    expect(failed.status).toBe('failed');
    // Failed at its first time limit (with TRACE_MAX_ATTEMPTS 2, a retry would have said so).
    expect(failed.errorMessage).toBe(
      'This image took longer to trace than the 1500 ms a trace is given. Try fewer colors, the draft quality or a smaller image.',
    );

    // The server is still up and tracing.
    const after = await startConversion(client, await logoPng(120));
    expect((await settled(client, after.body.id)).status).toBe('completed');
  });

  it('SIGTERM: new requests are refused, the upload in flight completes, the trace is requeued, exit code 0', async () => {
    const first = await start({ SHUTDOWN_GRACE_MS: '300' });
    const client = new Client(first.url);
    await register(client);
    const created = await startConversion(client, await noisePng(2000));
    await waitForStatus(client, created.body.id, 'processing');

    // An upload that is still streaming when SIGTERM arrives.
    const ticket = (await client.post('/api/objects/upload')).body;
    const png = await logoPng();
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(png.subarray(0, 100));
        await new Promise((resolve) => setTimeout(resolve, 600));
        controller.enqueue(png.subarray(100));
        controller.close();
      },
    });
    const inFlight = fetch(ticket.uploadURL, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'image/png' },
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    first.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const refused = await fetch(`${first.url}/healthz`).then(
      (r) => r.status,
      () => 'connection refused',
    );
    expect([503, 'connection refused']).toContain(refused);
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    // The trace was stopped and put back in the queue by the shutdown itself, not by the next start.
    expect(first.logs.map((entry) => entry.msg)).toContain('unfinished conversions requeued');
    expect(await readdir(join(dataDir, 'objects', '.partial'))).toEqual([]);

    // Back up, the requeued trace completes.
    const second = await start();
    const again = sameBrowser(client, second.url);
    expect((await settled(again, created.body.id, 40_000)).status).toBe('completed');
    const stored = await upload(again, png);
    expect(stored.put.status).toBe(200);
  });
});
