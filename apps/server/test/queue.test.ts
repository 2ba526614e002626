import type { Conversion } from '@vectrace/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { register, settled, startConversion } from './support/flows.js';
import { logoPng, noisePng } from './support/images.js';
import { makePro, startTestServer, type TestServer } from './support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('the queue', () => {
  it('200 queued conversions all complete, and a Pro conversion queued after 20 free ones starts first', async () => {
    server = await startTestServer({
      env: {
        TRACE_WORKERS: '1',
        UPLOADS_PER_MINUTE: '1000',
        CONVERSIONS_PER_MINUTE: '1000',
        QUOTA_TRACES_PER_MINUTE: '1000',
        QUOTA_IMAGES_PER_HOUR: '1000',
        QUOTA_RESULTS_KEPT: '1000',
      },
    });
    const free = new Client(server.url);
    await register(free);
    const pro = new Client(server.url);
    const { username } = await register(pro);
    // Pro is set where payments will set it; the plan is read when a conversion is created.
    await makePro(server, username);
    const png = await logoPng(64);

    // Occupy the only worker, then queue 20 free conversions and one Pro.
    const blocker = (await startConversion(free, await noisePng(1200))).body.id;
    const freeIds: string[] = [];
    for (let i = 0; i < 20; i++) freeIds.push((await startConversion(free, png)).body.id);
    const proId = (await startConversion(pro, png)).body.id;
    const waiting = (await pro.get<Conversion>(`/api/conversions/${proId}`)).body;
    expect(waiting.status).toBe('pending');
    expect(waiting.queuePosition).toBe(1);
    expect((await free.get<Conversion>(`/api/conversions/${freeIds[0]}`)).body.queuePosition).toBe(2);

    for (let i = 0; i < 180; i++) freeIds.push((await startConversion(free, png)).body.id);
    for (const id of [blocker, ...freeIds])
      expect((await settled(free, id, 60_000)).status).toBe('completed');
    const proDone = await settled(pro, proId);
    expect(proDone.status).toBe('completed');
    const rows = await server.deps.db
      .selectFrom('conversions')
      .select(['id', 'processingStartedAt'])
      .execute();
    const startedAt = new Map(rows.map((r) => [r.id, Date.parse(r.processingStartedAt ?? '')]));
    const firstFree = Math.min(...freeIds.map((id) => startedAt.get(id) ?? Number.NaN));
    expect(startedAt.get(proId)).toBeLessThanOrEqual(firstFree);
    expect(rows.length).toBe(200 + 2);
  }, 120_000);

  it('one owner’s costly traces never hold every worker: another owner’s conversion starts while they run (check 59)', async () => {
    // Two workers: an owner traces one conversion at a time (OWNER_TRACES, one fewer than the
    // workers). The time limit is far: a busy machine slows the traces, not their order.
    server = await startTestServer({ env: { TRACE_WORKERS: '2', TRACE_TIMEOUT_MS: '600000' } });
    const heavy = new Client(server.url);
    await register(heavy);
    const other = new Client(server.url);
    await register(other);
    const noise = await noisePng(1000);
    const costly: string[] = [];
    for (let i = 0; i < 3; i++) costly.push((await startConversion(heavy, noise)).body.id);
    const logo = (await startConversion(other, await logoPng(512))).body.id;
    expect((await settled(other, logo)).status).toBe('completed');
    for (const id of costly) expect((await settled(heavy, id, 60_000)).status).toBe('completed');
    const rows = await server.deps.db
      .selectFrom('conversions')
      .select(['id', 'processingStartedAt', 'completedAt'])
      .execute();
    const span = new Map(
      rows.map((r) => [r.id, [Date.parse(r.processingStartedAt ?? ''), Date.parse(r.completedAt ?? '')]]),
    );
    const [logoStart] = span.get(logo) ?? [];
    const heavySpans = costly.map((id) => span.get(id) ?? []).sort((a, b) => a[0] - b[0]);
    // The logo started on the free worker before the first costly trace ended...
    expect(logoStart).toBeLessThan(heavySpans[0][1]);
    // ...and the costly ones ran one after another, never two at once.
    for (let i = 1; i < heavySpans.length; i++)
      expect(heavySpans[i][0]).toBeGreaterThanOrEqual(heavySpans[i - 1][1]);
  }, 120_000);

  it('starting conversions is rate-limited per address, with a message saying when to retry', async () => {
    server = await startTestServer({ env: { CONVERSIONS_PER_MINUTE: '3' } });
    const client = new Client(server.url);
    await register(client);
    const png = await logoPng(40);
    for (let i = 0; i < 3; i++) expect((await startConversion(client, png)).status).toBe(201);
    const refused = await startConversion(client, png);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.stringify(refused.body)).toMatch(/retry in/i);
  });
});
