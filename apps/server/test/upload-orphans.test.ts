import { randomUUID } from 'node:crypto';
import type { UploadTicket } from '@vectrace/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepExpired } from '../dist/features/retention/sweep.js';
import { Client } from './support/client.js';
import { register, upload } from './support/flows.js';
import { heldPut } from './support/held-put.js';
import { logoPng } from './support/images.js';
import { startTestServer, storedObject, type TestServer, testClock } from './support/server.js';

const HOUR = 3600_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWith(options: Parameters<typeof startTestServer>[0] = {}) {
  // No sweep of its own during the test: the test sweeps by hand.
  const server = await startTestServer({
    ...options,
    env: { SWEEP_INTERVAL_MS: String(HOUR), ...options.env },
  });
  cleanups.push(() => server.stop());
  return server;
}

/** Every key the server's store keeps (its disk, or its bucket). */
async function storedKeys(server: TestServer): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of server.deps.store.list()) keys.push(object.key);
  return keys;
}

async function ticketOf(client: Client): Promise<UploadTicket> {
  const reply = await client.post<UploadTicket>('/api/objects/upload');
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

const uploadRow = (server: TestServer, ticket: UploadTicket) =>
  server.deps.db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', ticket.objectPath.split('/').pop() as string)
    .executeTakeFirst();

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} never happened within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('no orphans: every stored file has a row that will delete it', () => {
  it('the account deleted while its upload arrives: the PUT is refused and nothing is left in the store', async () => {
    const server = await serverWith();
    const client = new Client(server.url);
    const { password } = await register(client);
    const png = await logoPng(200);
    const ticket = await ticketOf(client);
    const before = await storedKeys(server);

    const put = heldPut(ticket.uploadURL, png, Math.floor(png.length / 2));
    await until(async () => (await uploadRow(server, ticket))?.claimedAt != null, 'the PUT taking its link');
    const deleted = await client.post('/api/account/delete', { password });
    expect(deleted.status, deleted.text).toBeLessThan(300);
    const answer = await put.finish();

    expect(answer.status).toBe(410);
    expect(answer.body.message).toMatch(/account was deleted.*not kept/);
    expect(await storedObject(server, ticket.objectPath.replace('/objects/', ''))).toBeUndefined();
    expect(await storedKeys(server), 'what the store keeps').toEqual(before);
  });

  it('the sweeper deletes a file no row keeps once it is a day old, and leaves kept files alone', async () => {
    const server = await serverWith();
    const client = new Client(server.url);
    await register(client);
    const kept = await upload(client, await logoPng(60));
    expect(kept.put.status).toBe(200);
    const keptKey = kept.ticket.objectPath.replace('/objects/', '');
    // Files a crash left behind: an original and a result with no row.
    const orphans = [`uploads/${randomUUID()}`, `vectors/${randomUUID()}.svg`];
    for (const key of orphans) await server.deps.store.write(key, Buffer.from('left behind'));
    const sweepAt = (ms: number) =>
      sweepExpired({ ...server.deps, clock: () => new Date(Date.now() + ms), retentionMs: 48 * HOUR });

    const early = await sweepAt(HOUR);
    expect(early.orphans, 'an hour old: perhaps still being written').toBe(0);
    for (const key of orphans) expect(await storedObject(server, key), key).toBeDefined();

    const late = await sweepAt(25 * HOUR);
    expect(late).toMatchObject({ orphans: 2, failed: 0 });
    for (const key of orphans) expect(await storedObject(server, key), `${key} deleted`).toBeUndefined();
    expect(await storedObject(server, keptKey), 'a file its row keeps').toBeDefined();
  });

  it('a link held by a PUT whose process died is free again once its hold lapses; a used link stays used', async () => {
    const clock = testClock();
    const server = await serverWith({ clock });
    const client = new Client(server.url);
    const png = await logoPng(80);
    const ticket = await ticketOf(client);
    // What a process that died mid-PUT leaves: the link taken, no file.
    const id = ticket.objectPath.split('/').pop() as string;
    await server.deps.db
      .updateTable('uploads')
      .set({ claimedAt: clock().toISOString() })
      .where('id', '=', id)
      .execute();

    const put = (bytes: Uint8Array) =>
      fetch(ticket.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes }).then(
        async (r) => ({
          status: r.status,
          body: (await r.json()) as { message?: string },
          retryAfter: r.headers.get('retry-after'),
        }),
      );
    const held = await put(png);
    expect(held.status).toBe(403);
    expect(held.body.message).toMatch(/in use by an upload still in progress.*try again in \d+ seconds/);
    expect(Number(held.retryAfter)).toBeGreaterThan(0);

    clock.advance(Number(held.retryAfter) * 1000 + 1000);
    const retried = await put(png);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(await storedObject(server, `uploads/${id}`)).toEqual(png);

    clock.advance(HOUR / 4 - 60_000);
    const replay = await put(await logoPng(90));
    expect(replay.status).toBe(403);
    expect(replay.body.message).toMatch(/already been used/);
    expect(await storedObject(server, `uploads/${id}`)).toEqual(png);
  });

  it('a PUT dropped mid-body leaves its link usable at once', async () => {
    const server = await serverWith();
    const client = new Client(server.url);
    const png = await logoPng(200);
    const ticket = await ticketOf(client);
    const dropped = heldPut(ticket.uploadURL, png, Math.floor(png.length / 2));
    await until(async () => (await uploadRow(server, ticket))?.claimedAt != null, 'the PUT taking its link');
    dropped.abort();
    await until(async () => (await uploadRow(server, ticket))?.claimedAt == null, 'the link released');
    const retried = await heldPut(ticket.uploadURL, png, 0).finish();
    expect(retried.status).toBe(200);
    expect(await storedObject(server, ticket.objectPath.replace('/objects/', ''))).toEqual(png);
  });
});
