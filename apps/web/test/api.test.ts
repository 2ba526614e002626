import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiJson, getQueryFn } from '../src/lib/api';

// A real HTTP server answering as the API does: JSON errors, an empty 500, a 401 for /api/user.
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/json-error') {
      response
        .writeHead(409, { 'content-type': 'application/json' })
        .end('{"message":"This username is already taken."}');
    } else if (request.url === '/empty-error') {
      response.writeHead(503).end();
    } else if (request.url === '/text-error') {
      response.writeHead(400).end('plain words');
    } else if (request.url === '/api/user') {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Not signed in"}');
    } else {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ url: request.url }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const query = (on401: 'throw' | 'returnNull', ...key: string[]) =>
  getQueryFn({ on401 })({ queryKey: key, signal: new AbortController().signal, meta: undefined } as never);

describe('the API client', () => {
  it('turns a failed answer into the server sentence of a JSON error, with no status code in the words', async () => {
    await expect(apiJson('POST', `${base}/json-error`, {})).rejects.toThrow(
      /^This username is already taken\.$/,
    );
    await expect(apiJson('GET', `${base}/text-error`)).rejects.toThrow(/^plain words$/);
    await expect(apiJson('GET', `${base}/empty-error`)).rejects.toThrow(/^Service Unavailable$/);
    await expect(apiJson('GET', `${base}/empty-error`)).rejects.toMatchObject({ status: 503 });
    await expect(apiJson('GET', `${base}/empty-error`)).rejects.toBeInstanceOf(ApiError);
  });

  it('joins the query key with slashes into the address', async () => {
    expect(await query('throw', `${base}/api/conversions`, 'abc')).toEqual({ url: '/api/conversions/abc' });
  });

  it('treats a 401 as nobody for the current-user call, and as an error elsewhere', async () => {
    expect(await query('returnNull', `${base}/api/user`)).toBeNull();
    await expect(query('throw', `${base}/api/user`)).rejects.toMatchObject({
      status: 401,
      message: 'Not signed in',
    });
  });
});
