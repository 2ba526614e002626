import { afterEach, describe, expect, it } from 'vitest';
import { holdLock } from '../../dist/db/locks.js';
import { sweepExpired } from '../../dist/features/retention/sweep.js';
import { Client } from '../support/client.js';
import { convert, register } from '../support/flows.js';
import { logoPng } from '../support/images.js';
import { type S3Server, startS3Server } from '../support/s3.js';
import { startTestServer, storedObject, type TestServer } from '../support/server.js';

const HOUR = 3600_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverOn(s3: S3Server): Promise<TestServer> {
  // No sweep of its own during the test: the test sweeps by hand.
  const server = await startTestServer({ env: { ...s3.env, SWEEP_INTERVAL_MS: String(HOUR) } });
  cleanups.push(() => server.stop());
  return server;
}

describe('one sweeper', () => {
  it('one process at a time holds the sweep; a holder that stops renewing it is replaced', async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const { db } = (await serverOn(s3)).deps;
    const now = new Date(Date.now() + HOUR); // past what the server's own start-up took
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => holdLock(db, 'sweep-test', `process-${i}`, now, 60_000)),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
    const holder = `process-${tries.indexOf(true)}`;
    const other = holder === 'process-0' ? 'process-1' : 'process-0';
    expect(
      await holdLock(db, 'sweep-test', holder, new Date(now.getTime() + 30_000), 60_000),
      'renewed',
    ).toBe(true);
    expect(await holdLock(db, 'sweep-test', other, new Date(now.getTime() + 60_000), 60_000)).toBe(false);
    // The holder stops renewing: once its lock has run out, another process takes over.
    expect(await holdLock(db, 'sweep-test', other, new Date(now.getTime() + 91_000), 60_000)).toBe(true);
    expect(await holdLock(db, 'sweep-test', holder, new Date(now.getTime() + 92_000), 60_000)).toBe(false);
  });

  it('deletes from the bucket; what failed to delete stays listed and the next sweep deletes it', async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const server = await serverOn(s3);
    const client = new Client(server.url);
    await register(client);
    const done = await convert(client, await logoPng(120));
    const keys = [done.originalFileUrl.replace('/objects/', ''), `vectors/${done.id}.svg`];
    for (const key of keys) expect(await storedObject(server, key), key).toBeDefined();
    const later = () => new Date(Date.now() + 24 * HOUR);
    const sweep = () => sweepExpired({ ...server.deps, clock: later, retentionMs: 23 * HOUR });

    await s3.stop();
    const failed = await sweep();
    expect(failed.failed).toBeGreaterThan(0);
    expect(failed.conversions + failed.uploads).toBe(0);
    const upload = await server.deps.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', done.uploadId)
      .executeTakeFirstOrThrow();
    expect(upload.deletedAt, 'not marked deleted while its file is kept').toBeNull();

    await s3.start();
    for (const key of keys) expect(await storedObject(server, key), `${key} still there`).toBeDefined();
    const retried = await sweep();
    expect(retried).toMatchObject({ conversions: 1, uploads: 1, failed: 0 });
    for (const key of keys) expect(await storedObject(server, key), `${key} deleted`).toBeUndefined();
    expect((await client.get(`/api/download/${done.id}`)).status).toBe(410);
  });
});
