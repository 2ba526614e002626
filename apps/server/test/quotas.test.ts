import type { Conversion, UploadTicket } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Reply } from './support/client.js';
import { register, startConversion, upload } from './support/flows.js';
import { logoPng } from './support/images.js';
import { makePro, startTestServer, type TestClock, type TestServer, testClock } from './support/server.js';

const MINUTE = 60_000;
const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));
async function serverWith(env: Record<string, string>, clock?: TestClock): Promise<TestServer> {
  const server = await startTestServer({ env: { UPLOADS_PER_MINUTE: '1000', ...env }, clock });
  servers.push(server);
  return server;
}

/** Converts the client's upload again (a re-tuning), as the converter does. */
const retune = (client: Client, objectPath: string, threshold: number) =>
  client.post<Conversion>('/api/conversions', {
    originalFileName: 'logo.png',
    originalFileUrl: objectPath,
    settings: { threshold },
  });

function expectQuota(reply: Reply, message: RegExp, maxSeconds: number) {
  expect(reply.status, reply.text).toBe(429);
  expect(reply.body.message).toMatch(message);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('quotas of a visitor and a free account (check 43)', () => {
  let server: TestServer;
  let clock: TestClock;
  let png: Buffer;
  beforeAll(async () => {
    clock = testClock();
    server = await serverWith({ CONVERSIONS_PER_MINUTE: '1000' }, clock);
    png = await logoPng(40);
  });

  it('20 re-tunings a minute by default, then 429 with Retry-After and a sentence; a minute later it goes on', async () => {
    const visitor = new Client(server.url);
    const { ticket } = await upload(visitor, png);
    for (let i = 0; i < 20; i++) expect((await retune(visitor, ticket.objectPath, 10 + i)).status).toBe(201);
    expectQuota(
      await retune(visitor, ticket.objectPath, 9),
      /started 20 conversions in the last minute.*Try again in \d+ seconds?\./,
      60,
    );
    // Someone else is not held back by it.
    expect((await startConversion(new Client(server.url), png)).status).toBe(201);
    clock.advance(MINUTE);
    expect((await retune(visitor, ticket.objectPath, 8)).status).toBe(201);
  });

  it('a burst sent all at once gets exactly its quota, not more', async () => {
    const visitor = new Client(server.url);
    const { ticket } = await upload(visitor, png);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => retune(visitor, ticket.objectPath, 40 + i)),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('a free account has the same quota on every device', async () => {
    const laptop = new Client(server.url);
    const { username } = await register(laptop);
    const phone = new Client(server.url);
    expect((await phone.post('/api/login', { username, password: 'correct horse battery' })).status).toBe(
      200,
    );
    const { ticket } = await upload(laptop, png);
    for (let i = 0; i < 20; i++) {
      const device = i % 2 ? laptop : phone;
      expect((await retune(device, ticket.objectPath, 10 + i)).status).toBe(201);
    }
    expect((await retune(phone, ticket.objectPath, 9)).status).toBe(429);
  });

  it('30 new images an hour, then 429 for the 31st upload address, with Retry-After within the hour', async () => {
    const visitor = new Client(server.url);
    for (let i = 0; i < 30; i++) {
      const ticket = await visitor.post<UploadTicket>('/api/objects/upload');
      expect(ticket.status, `upload ${i + 1}`).toBe(200);
      clock.advance(1000);
    }
    expectQuota(
      await visitor.post('/api/objects/upload'),
      /uploaded 30 images in the last hour.*Try again in \d+ minutes?\./,
      3600,
    );
  });
});

describe('configured quotas', () => {
  it('traces per hour and results kept at once are limits of their own; Pro has none of them', async () => {
    const clock = testClock();
    const server = await serverWith(
      {
        CONVERSIONS_PER_MINUTE: '1000',
        QUOTA_TRACES_PER_MINUTE: '3',
        QUOTA_TRACES_PER_HOUR: '5',
        QUOTA_RESULTS_KEPT: '7',
      },
      clock,
    );
    const png = await logoPng(40);
    const visitor = new Client(server.url);
    const { ticket } = await upload(visitor, png);
    for (let i = 0; i < 3; i++) expect((await retune(visitor, ticket.objectPath, 10 + i)).status).toBe(201);
    clock.advance(MINUTE);
    for (let i = 0; i < 2; i++) expect((await retune(visitor, ticket.objectPath, 20 + i)).status).toBe(201);
    expectQuota(await retune(visitor, ticket.objectPath, 90), /5 conversions in the last hour/, 3600);

    // Kept results: a second upload, an hour later, still has the first one's 5 kept.
    clock.advance(60 * MINUTE);
    const second = await upload(visitor, png);
    for (let i = 0; i < 2; i++)
      expect((await retune(visitor, second.ticket.objectPath, 30 + i)).status).toBe(201);
    expectQuota(await retune(visitor, second.ticket.objectPath, 91), /7 conversions kept/, 24 * 3600);

    const pro = new Client(server.url);
    const { username } = await register(pro);
    await makePro(server, username);
    const proUpload = await upload(pro, png);
    for (let i = 0; i < 10; i++)
      expect((await retune(pro, proUpload.ticket.objectPath, 10 + i)).status).toBe(201);
  });

  it('one address is limited across visitors: dropping the cookie does not reset it', async () => {
    const server = await serverWith({ CONVERSIONS_PER_MINUTE: '4' });
    const png = await logoPng(40);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const visitor = new Client(server.url); // a new cookie each time
      const { ticket } = await upload(visitor, png);
      for (let j = 0; j < 2; j++) statuses.push((await retune(visitor, ticket.objectPath, 10 + j)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    // Pro is not counted, from the same address.
    const pro = new Client(server.url);
    const { username } = await register(pro);
    await makePro(server, username);
    const { ticket } = await upload(pro, png);
    for (let j = 0; j < 6; j++) expect((await retune(pro, ticket.objectPath, 20 + j)).status).toBe(201);
  });
});
