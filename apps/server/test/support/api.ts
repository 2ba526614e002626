import { expect } from 'vitest';
import { Client } from './client.js';
import { register } from './flows.js';
import { makePro, type TestServer } from './server.js';

/** A signed-in account (Pro when asked) with a new API key; the key's secret. */
export async function accountWithKey(server: TestServer, options: { pro?: boolean } = {}) {
  const client = new Client(server.url);
  const { username } = await register(client);
  if (options.pro) await makePro(server, username);
  const created = await client.post('/api/keys', { name: 'tests' });
  expect(created.status, created.text).toBe(201);
  return { client, username, secret: created.body.secret as string, keyId: created.body.key.id as string };
}

/** A call of the developer API with an image as multipart form, and the other fields. */
export async function vectorize(
  server: TestServer,
  secret: string | undefined,
  image: Uint8Array,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('image', new Blob([image], { type: 'image/png' }), 'logo.png');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const headers: Record<string, string> = secret ? { authorization: `Bearer ${secret}` } : {};
  return answer(await fetch(`${server.url}/api/v1/vectorize`, { method: 'POST', headers, body: form }));
}

/** A GET of the API with the key. */
export async function apiGet(server: TestServer, secret: string, path: string) {
  return answer(await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${secret}` } }));
}

/** Status, headers, the bytes, and the JSON body when it is JSON. */
export async function answer(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('application/json')
    ? JSON.parse(Buffer.from(bytes).toString('utf8'))
    : undefined;
  return { status: response.status, headers: response.headers, bytes, json };
}
