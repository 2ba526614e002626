import { request } from 'node:http';
import type { AccountSummary, Conversion, PaymentIntentAnswer } from '@vectrace/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { convert, register, settled } from './support/flows.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

const goodCard = { number: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' };

let server: TestServer;
let logo: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  logo = await logoPng(200);
});
afterAll(() => server?.stop());

async function pay(client: Client, conversionId: string): Promise<void> {
  const intent = await client.post<PaymentIntentAnswer>('/api/create-payment-intent', {
    plan: 'pay-per-use',
    conversion_id: conversionId,
  });
  expect(intent.status, intent.text).toBe(200);
  const confirmed = await client.post(`/api/sandbox/payment-intents/${intent.body.paymentIntentId}/confirm`, {
    client_secret: intent.body.clientSecret,
    card: goodCard,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}

const retune = (client: Client, from: Conversion, settings: object) =>
  client.post<Conversion>('/api/conversions', {
    originalFileName: from.originalFileName,
    originalFileUrl: from.originalFileUrl,
    settings,
  });

/** The events of a stream until it ends, with the time each arrived. */
function readEvents(url: string, cookie: string): Promise<{ at: number; conversion: Conversion }[]> {
  return new Promise((resolve, reject) => {
    const events: { at: number; conversion: Conversion }[] = [];
    const req = request(url, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (/^event: conversion$/m.test(block) && data)
            events.push({ at: Date.now(), conversion: JSON.parse(data) });
        }
      });
      res.on('end', () => resolve(events));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a payment unlocks the image, not one set of settings', () => {
  it('after paying $1 once, every re-tuning of the same upload downloads, and another image still costs $1', async () => {
    const visitor = new Client(server.url);
    const first = await convert(visitor, logo);
    const before = (await retune(visitor, first, { smoothness: 80 })).body;
    await pay(visitor, first.id);

    const after = await settled(
      visitor,
      (await retune(visitor, first, { smoothness: 20, quality: 'high' })).body.id,
    );
    for (const id of [first.id, before.id, after.id]) {
      expect((await visitor.get<Conversion>(`/api/conversions/${id}`)).body.paymentStatus, id).toBe('paid');
    }
    const download = await visitor.get(`/api/download/${after.id}`);
    expect(download.status).toBe(200);
    expect(download.text).toMatch(/<svg/);
    // Paid already: no second payment is even offered for a re-tuned result.
    const again = await visitor.post('/api/create-payment-intent', {
      plan: 'pay-per-use',
      conversion_id: after.id,
    });
    expect(again.status).toBe(409);

    const other = await convert(visitor, await logoPng(120));
    expect(other.paymentStatus).toBe('unpaid');
    expect((await visitor.get(`/api/download/${other.id}`)).status).toBe(402);
  });
});

describe('progress pushed as server-sent events', () => {
  it('streams queued, then the stages, then completed, and ends the stream', async () => {
    const visitor = new Client(server.url);
    const first = await convert(visitor, logo);
    const created = await retune(visitor, first, { smoothness: 70 });
    expect(created.status).toBe(201);
    const events = await readEvents(
      `${server.url}/api/conversions/${created.body.id}/events`,
      visitor.cookieHeader,
    );
    const last = events.at(-1)?.conversion;
    expect(last?.status).toBe('completed');
    expect(last?.stage).toBeNull();
    expect(last?.vectorCount).toBeGreaterThan(0);
    // Each event says something new.
    const bodies = events.map((e) => JSON.stringify(e.conversion));
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('answers 404 for a conversion of someone else', async () => {
    const owner = new Client(server.url);
    const conversion = await convert(owner, logo);
    const stranger = new Client(server.url);
    await stranger.post('/api/objects/upload');
    expect((await stranger.get(`/api/conversions/${conversion.id}/events`)).status).toBe(404);
  });
});

describe('history thumbnails', () => {
  it('are a PNG of the original at most 160 px, for the owner only', async () => {
    const owner = new Client(server.url);
    const conversion = await convert(owner, await logoPng(600));
    const reply = await fetch(`${server.url}/api/conversions/${conversion.id}/thumbnail`, {
      headers: { cookie: owner.cookieHeader },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await reply.arrayBuffer())).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(160);
    const stranger = new Client(server.url);
    await stranger.post('/api/objects/upload');
    expect((await stranger.get(`/api/conversions/${conversion.id}/thumbnail`)).status).toBe(404);
  });
});

describe('the account', () => {
  it('shows the plan and this month’s conversions, and needs a sign-in', async () => {
    expect((await new Client(server.url).get('/api/account')).status).toBe(401);
    const user = new Client(server.url);
    const { username } = await register(user);
    await convert(user, logo);
    const account = await user.get<AccountSummary>('/api/account');
    expect(account.body).toMatchObject({
      username,
      planType: 'free',
      subscription: null,
      conversionsThisMonth: 1,
    });
    expect((await user.post('/api/subscription/cancel')).status).toBe(409);
  });

  it('changes the password only with the current one, and signs out other browsers', async () => {
    const user = new Client(server.url);
    const { username, password } = await register(user);
    const elsewhere = new Client(server.url);
    expect((await elsewhere.post('/api/login', { username, password })).status).toBe(200);

    const wrong = await user.post('/api/account/password', {
      currentPassword: 'not it at all',
      newPassword: 'a new long secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('That is not your current password. Please type it again.');
    const short = await user.post('/api/account/password', {
      currentPassword: password,
      newPassword: 'short',
    });
    expect(short.body.message).toBe('Password must be at least 8 characters');

    const changed = await user.post('/api/account/password', {
      currentPassword: password,
      newPassword: 'a new long secret',
    });
    expect(changed.status, changed.text).toBe(204);
    expect((await user.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await new Client(server.url).post('/api/login', { username, password })).status).toBe(401);
    expect(
      (await new Client(server.url).post('/api/login', { username, password: 'a new long secret' })).status,
    ).toBe(200);
  });

  it('deletes the account with its conversions and files once the password confirms it', async () => {
    const user = new Client(server.url);
    const { username, password } = await register(user);
    const conversion = await convert(user, logo);
    expect((await user.post('/api/account/delete', { password: 'wrong password' })).status).toBe(400);
    const deleted = await user.post('/api/account/delete', { password });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await user.get('/api/user')).status).toBe(401);
    expect((await new Client(server.url).post('/api/login', { username, password })).status).toBe(401);
    const rows = await server.deps.db
      .selectFrom('conversions')
      .select('id')
      .where('id', '=', conversion.id)
      .execute();
    expect(rows).toEqual([]);
    await expect(server.deps.store.read(`vectors/${conversion.id}.svg`)).rejects.toThrow();
  });
});
