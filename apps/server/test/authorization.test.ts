import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { convert, register, upload } from './support/flows.js';
import { logoPng } from './support/images.js';
import { markPaid, startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let owner: Client;
let conversionId: string;
let uploadPath: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = new Client(server.url);
  await register(owner);
  const done = await convert(owner, await logoPng());
  expect(done.status).toBe('completed');
  conversionId = done.id;
  uploadPath = done.originalFileUrl;
});
afterAll(() => server?.stop());

const perConversionPaths = () => [
  `/api/conversions/${conversionId}`,
  `/api/preview/${conversionId}`,
  `/api/download/${conversionId}`,
  `/objects/vectors/${conversionId}.svg`,
  uploadPath,
];

describe('a conversion belongs to its owner alone', () => {
  it('another user gets 404 on every per-conversion address, and does not see it listed', async () => {
    const other = new Client(server.url);
    await register(other);
    for (const path of perConversionPaths()) {
      const reply = await other.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.message, path).toMatch(/not found/i);
    }
    expect((await other.get('/api/conversions')).body).toEqual([]);
  });

  it('an anonymous visitor with a visitor cookie gets 404; a request with no cookie at all gets 401', async () => {
    const visitor = new Client(server.url);
    await upload(visitor, await logoPng()); // becomes a visitor with a cookie
    expect(visitor.cookies.size).toBe(1);
    const stranger = new Client(server.url);
    for (const path of perConversionPaths()) {
      expect((await visitor.get(path)).status, path).toBe(404);
      expect((await stranger.get(path)).status, path).toBe(401);
    }
    // Neither cookie: nothing made yet in this browser, an empty list.
    expect((await stranger.get('/api/conversions')).body).toEqual([]);
  });

  it("nobody can convert someone else's upload", async () => {
    const other = new Client(server.url);
    await register(other);
    const reply = await other.post('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: uploadPath,
    });
    expect(reply.status).toBe(404);
    const visitor = new Client(server.url);
    await upload(visitor, await logoPng());
    expect(
      (await visitor.post('/api/conversions', { originalFileName: 'logo.png', originalFileUrl: uploadPath }))
        .status,
    ).toBe(404);
  });

  it('a forged visitor cookie is ignored', async () => {
    const visitor = new Client(server.url);
    await upload(visitor, await logoPng());
    const [name, value] = [...visitor.cookies][0];
    const forged = new Client(server.url);
    forged.cookies.set(
      name,
      value.replace(/^[0-9a-f]/, (c) => (c === 'a' ? 'b' : 'a')),
    );
    expect((await forged.get('/api/conversions')).body).toEqual([]);
    expect((await forged.get('/api/conversions/00000000-0000-0000-0000-000000000000')).status).toBe(401);
  });
});

describe('downloads need payment', () => {
  it('completed but unpaid: 402 on every download path; the owner may still preview', async () => {
    for (const path of [`/api/download/${conversionId}`, `/objects/vectors/${conversionId}.svg`]) {
      const reply = await owner.get(path);
      expect(reply.status, path).toBe(402);
      expect(reply.body.message).toMatch(/pay \$1\.00/);
    }
    expect((await owner.get(`/api/preview/${conversionId}`)).status).toBe(200);
  });

  it('paid unlocks the download', async () => {
    const client = new Client(server.url);
    await register(client);
    const done = await convert(client, await logoPng());
    await markPaid(server, done.id);
    for (const path of [`/api/download/${done.id}`, `/objects/vectors/${done.id}.svg`]) {
      const reply = await client.get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.text).toContain('<path');
    }
  });

  it('a Pro plan unlocks every completed conversion, and only while it lasts', async () => {
    const client = new Client(server.url);
    const { username } = await register(client);
    const done = await convert(client, await logoPng());
    const setPlan = (planType: string) =>
      server.deps.db.updateTable('users').set({ planType }).where('username', '=', username).execute();
    await setPlan('pro');
    expect((await client.get(`/api/download/${done.id}`)).status).toBe(200);
    await setPlan('free');
    expect((await client.get(`/api/download/${done.id}`)).status).toBe(402);
  });

  it('an unfinished or failed conversion has nothing to preview or download yet, and says so', async () => {
    const client = new Client(server.url);
    await register(client);
    const done = await convert(client, await logoPng());
    const setStatus = (status: string, errorMessage: string | null = null) =>
      server.deps.db
        .updateTable('conversions')
        .set({ status, errorMessage })
        .where('id', '=', done.id)
        .execute();
    await setStatus('processing');
    for (const path of [`/api/preview/${done.id}`, `/api/download/${done.id}`]) {
      const reply = await client.get(path);
      expect(reply.status, path).toBe(409);
      expect(reply.body.message).toBe('This conversion is not finished yet.');
    }
    await setStatus('failed', 'This file is not a PNG or JPEG image');
    expect((await client.get(`/api/preview/${done.id}`)).body.message).toBe(
      'This conversion failed: This file is not a PNG or JPEG image',
    );
  });
});
