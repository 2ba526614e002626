import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Conversion } from '@vectrace/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { databaseForRestarts } from './support/database.js';
import { convert, register, settled, upload } from './support/flows.js';
import { logoPng } from './support/images.js';
import { startS3Server } from './support/s3.js';
import { markPaid, startTestServer, storedObject, type TestServer, testClock } from './support/server.js';

const HOUR = 3600_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWithClock(options: Parameters<typeof startTestServer>[0] = {}) {
  const clock = testClock();
  const server = await startTestServer({ clock, env: { SWEEP_INTERVAL_MS: '100' }, ...options });
  cleanups.push(() => server.stop());
  return { server, clock };
}

/** The conversion's files in the server's store (disk or S3): whether each is still kept. */
const files = (server: TestServer, conversion: Conversion) => {
  const kept = (key: string) => async () => (await storedObject(server, key)) !== undefined;
  return {
    original: kept(conversion.originalFileUrl.replace('/objects/', '')),
    vector: kept(`vectors/${conversion.id}.svg`),
  };
};

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition never met');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('retention: files are deleted within 24 hours', () => {
  it('after 23.5 hours the sweeper deletes the original and the vector; the row stays, and downloads answer 410', async () => {
    const { server, clock } = await serverWithClock();
    const client = new Client(server.url);
    await register(client);
    const done = await convert(client, await logoPng());
    await markPaid(server, done.id);
    const { original, vector } = files(server, done);
    expect((await original()) && (await vector())).toBe(true);
    expect((await client.get(`/api/download/${done.id}`)).status).toBe(200);

    clock.advance(23 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await vector(), 'kept before its time').toBe(true);

    clock.advance(0.5 * HOUR);
    await until(async () => !(await original()) && !(await vector()));
    const row = await server.deps.db
      .selectFrom('conversions')
      .selectAll()
      .where('id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(row.vectorFileUrl).toBeNull();
    expect(row.originalFileUrl).toBe('');
    expect(row.expiredAt).not.toBeNull();

    const download = await client.get(`/api/download/${done.id}`);
    expect(download.status).toBe(410);
    expect(download.body.message).toMatch(/deleted within 24 hours of upload/);
    expect((await client.get(`/api/preview/${done.id}`)).status).toBe(410);
    const seen = (await client.get<Conversion>(`/api/conversions/${done.id}`)).body;
    expect(seen).toMatchObject({ status: 'completed', expired: true });
  });

  it("a conversion made late in the upload's day goes with the upload, within 24 hours of it", async () => {
    const { server, clock } = await serverWithClock();
    const client = new Client(server.url);
    await register(client);
    const uploadedAt = clock().getTime();
    const { ticket } = await upload(client, await logoPng());
    clock.advance(22.9 * HOUR);
    const created = await client.post<Conversion>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.objectPath,
    });
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.expiresAt) - uploadedAt).toBe(23 * HOUR);
    const done = await settled(client, created.body.id);
    expect(done.status).toBe('completed');
    const { vector } = files(server, done);
    expect(await vector()).toBe(true);

    clock.advance(0.2 * HOUR);
    await until(async () => !(await vector()));
    expect((await client.get<Conversion>(`/api/conversions/${done.id}`)).body.expired).toBe(true);
  });

  it('a conversion left processing by a process that died is picked up again once its lease has run out', async () => {
    const { server, clock } = await serverWithClock({ env: { SWEEP_INTERVAL_MS: '100', LEASE_MS: '600' } });
    const client = new Client(server.url);
    await register(client);
    const done = await convert(client, await logoPng());
    // As a process that claimed it and died would leave it: its lease still running.
    await server.deps.db
      .updateTable('conversions')
      .set({
        status: 'processing',
        processingStartedAt: clock().toISOString(),
        vectorCount: null,
        claimedBy: 'a-process-that-died',
        leaseExpiresAt: new Date(clock().getTime() + 60_000).toISOString(),
      })
      .where('id', '=', done.id)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      (await client.get<Conversion>(`/api/conversions/${done.id}`)).body.status,
      'not while its lease holds',
    ).toBe('processing');
    clock.advance(61_000);
    const again = await settled(client, done.id);
    expect(again.status).toBe('completed');
    expect(again.vectorCount).toBe(done.vectorCount);
  });

  it('uploads never converted and abandoned partial uploads are swept too', async () => {
    const { server, clock } = await serverWithClock();
    const client = new Client(server.url);
    const { ticket } = await upload(client, await logoPng());
    const original = async () =>
      (await storedObject(server, ticket.objectPath.replace('/objects/', ''))) !== undefined;
    if (!server.env.S3_BUCKET) {
      // On disk, a write goes to .partial first; S3 takes each object in one request, whole or not at all.
      const partial = join(server.dataDir, 'objects', '.partial', 'aborted-upload');
      await mkdir(join(server.dataDir, 'objects', '.partial'), { recursive: true });
      await writeFile(partial, 'half an upload');
      const past = new Date(clock().getTime() - 2 * HOUR);
      await utimes(partial, past, past);
      await until(() => !existsSync(partial));
    }
    expect(await original()).toBe(true);

    clock.advance(23.5 * HOUR);
    // The sweep deletes the file, then marks the upload deleted (so a failed delete is tried again).
    const markedDeleted = async () => {
      const row = await server.deps.db
        .selectFrom('uploads')
        .select('deletedAt')
        .where('id', '=', ticket.objectPath.split('/').pop() ?? '')
        .executeTakeFirstOrThrow();
      return row.deletedAt !== null;
    };
    await until(async () => !(await original()) && (await markedDeleted()));
    // Its object path no longer converts.
    const reply = await client.post('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: ticket.objectPath,
    });
    expect(reply.status).toBe(404);
  });

  it('after 30 hours of downtime, everything expired is deleted before the first request is served', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-downtime-'));
    const database = await databaseForRestarts();
    cleanups.push(async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    // Scaled out, both servers use one S3 server, as they use one database.
    const s3 = process.env.VECTRACE_TEST_REDIS ? await startS3Server() : undefined;
    if (s3) cleanups.push(() => s3.close());
    const clock = testClock();
    const first = await startTestServer({
      clock,
      dataDir,
      databaseUrl: database.env.DATABASE_URL,
      env: { ...s3?.env },
    });
    const client = new Client(first.url);
    await register(client);
    const done = await convert(client, await logoPng());
    expect(await files(first, done).vector()).toBe(true);
    await first.stop();

    clock.advance(30 * HOUR);
    // A sweep interval far longer than the test: only the start-up sweep can delete them.
    const second = await startTestServer({
      clock,
      dataDir,
      env: { SWEEP_INTERVAL_MS: String(HOUR), ...s3?.env },
      databaseUrl: database.env.DATABASE_URL,
    });
    cleanups.push(() => second.stop());
    const { original, vector } = files(second, done);
    expect((await original()) || (await vector())).toBe(false);
    const again = new Client(second.url);
    for (const [name, value] of client.cookies) again.cookies.set(name, value);
    expect((await again.get(`/api/download/${done.id}`)).status).toBe(410);
  });
});
