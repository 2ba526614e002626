import { apiPaths, type Conversion } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { convert, register } from './support/flows.js';
import { logoPng } from './support/images.js';
import { markPaid, startTestServer, storedObject, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const listed = async (client: Client) =>
  (await client.get<Conversion[]>('/api/conversions')).body.map((c) => c.id);

/** Whether the store still keeps the conversion's image and its vector. */
const kept = async (conversion: Conversion) => ({
  image: (await storedObject(server, conversion.originalFileUrl.replace('/objects/', ''))) !== undefined,
  vector: (await storedObject(server, `vectors/${conversion.id}.svg`)) !== undefined,
});

describe('deleting one result on the site', () => {
  it('its owner deletes it: the files go at once, it leaves the list, and its files answer 410', async () => {
    const owner = new Client(server.url);
    await register(owner);
    const done = await convert(owner, await logoPng(), 'logo.png');
    expect(done.status).toBe('completed');
    await markPaid(server, done.id);
    const other = await convert(owner, await logoPng(), 'other.png');
    expect(await kept(done)).toEqual({ image: true, vector: true });
    expect(await listed(owner)).toEqual(expect.arrayContaining([done.id, other.id]));

    const deleted = await owner.request('DELETE', apiPaths.conversion(done.id));
    expect(deleted.status).toBe(204);
    expect(await kept(done)).toEqual({ image: false, vector: false });
    expect(await listed(owner)).toEqual([other.id]);
    for (const path of [
      apiPaths.download(done.id),
      `/api/preview/${done.id}`,
      apiPaths.conversionThumbnail(done.id),
    ]) {
      expect((await owner.get(path)).status, path).toBe(410);
    }
    // The conversion itself says it is deleted; the other result is untouched.
    expect((await owner.get<Conversion>(apiPaths.conversion(done.id))).body.expired).toBe(true);
    expect(await kept(other)).toEqual({ image: true, vector: true });
  });

  it('a visitor deletes their own result the same way', async () => {
    const visitor = new Client(server.url);
    const done = await convert(visitor, await logoPng(), 'logo.png');
    expect(await listed(visitor)).toEqual([done.id]);
    expect((await visitor.request('DELETE', apiPaths.conversion(done.id))).status).toBe(204);
    expect(await listed(visitor)).toEqual([]);
    expect(await kept(done)).toEqual({ image: false, vector: false });
  });

  it('another user or visitor gets 404 (nobody, 401), and the files stay', async () => {
    const owner = new Client(server.url);
    await register(owner);
    const done = await convert(owner, await logoPng(), 'logo.png');
    const stranger = new Client(server.url);
    await register(stranger);
    const visitor = new Client(server.url);
    await convert(visitor, await logoPng(), 'mine.png');
    for (const client of [stranger, visitor]) {
      expect((await client.request('DELETE', apiPaths.conversion(done.id))).status).toBe(404);
    }
    expect((await new Client(server.url).request('DELETE', apiPaths.conversion(done.id))).status).toBe(401);
    expect(await kept(done)).toEqual({ image: true, vector: true });
    expect(await listed(owner)).toEqual([done.id]);
    expect((await owner.get(apiPaths.download(done.id))).status).toBe(402);
  });

  it('a re-tuning of the same image keeps the image when one of its results is deleted', async () => {
    const owner = new Client(server.url);
    await register(owner);
    const first = await convert(owner, await logoPng(), 'logo.png');
    const retuned = await owner.post<Conversion>('/api/conversions', {
      originalFileName: 'logo.png',
      originalFileUrl: first.originalFileUrl,
      settings: { smoothness: 80 },
    });
    expect(retuned.status).toBe(201);
    expect((await owner.request('DELETE', apiPaths.conversion(first.id))).status).toBe(204);
    expect((await kept(first)).vector).toBe(false);
    expect((await kept(first)).image).toBe(true);
    expect(await listed(owner)).toEqual([retuned.body.id]);
  });
});
