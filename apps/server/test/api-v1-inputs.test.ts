import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, answer } from './support/api.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/server.js';

/** A real image server on loopback: /logo.png, redirects to any address, a slow and a huge answer. */
async function imageServer(logo: Buffer) {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    hits.push(url.pathname);
    if (url.pathname === '/logo.png')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(logo);
    if (url.pathname === '/redirect')
      return response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    if (url.pathname === '/slow') return setTimeout(() => response.end(logo), 5_000);
    if (url.pathname === '/huge') {
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i < 11; i++) response.write(chunk);
      return response.end();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, hits, close: () => new Promise((r) => server.close(r)) };
}

// wait=30: a result, even on a busy machine (the fields may ask otherwise).
const post = (server: TestServer, secret: string, body: object | FormData) =>
  fetch(`${server.url}/api/v1/vectorize?wait=30`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  }).then(answer);

describe('the API takes the image by URL, base64 or JSON, and never reaches a private address', () => {
  let logo: Buffer;
  let images: Awaited<ReturnType<typeof imageServer>>;
  // This server may read the test's image server on loopback; the other may reach only public addresses.
  let trusting: TestServer;
  let strict: TestServer;
  let trustingKey: string;
  let strictKey: string;

  beforeAll(async () => {
    logo = await logoPng(160);
    images = await imageServer(logo);
    trusting = await startTestServer({ env: { IMAGE_URL_ALLOW: '127.0.0.1', IMAGE_URL_TIMEOUT_MS: '1000' } });
    strict = await startTestServer();
    trustingKey = (await accountWithKey(trusting, { pro: true })).secret;
    strictKey = (await accountWithKey(strict, { pro: true })).secret;
  });
  afterAll(async () => {
    await images?.close();
    await trusting?.stop();
    await strict?.stop();
  });

  it('converts an image read from image.url, in a form and in JSON', async () => {
    const form = new FormData();
    form.set('image.url', `${images.url}/logo.png`);
    const fromForm = await post(trusting, trustingKey, form);
    expect(fromForm.status, JSON.stringify(fromForm.json)).toBe(200);
    expect(Buffer.from(fromForm.bytes).toString()).toContain('<path');
    expect(fromForm.headers.get('content-disposition')).toBe('attachment; filename="logo.svg"');
    const fromJson = await post(trusting, trustingKey, {
      'image.url': `${images.url}/logo.png`,
      format: 'pdf',
    });
    expect(fromJson.status).toBe(200);
    expect(Buffer.from(fromJson.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('converts an image given as base64 or a data: URL', async () => {
    const plain = await post(trusting, trustingKey, { 'image.base64': logo.toString('base64') });
    expect(plain.status).toBe(200);
    const form = new FormData();
    form.set('image.base64', `data:image/png;base64,${logo.toString('base64')}`);
    form.set('format', 'dxf');
    const dataUrl = await post(trusting, trustingKey, form);
    expect(dataUrl.status).toBe(200);
    expect(Buffer.from(dataUrl.bytes).toString()).toContain('SECTION');
    const broken = await post(trusting, trustingKey, { 'image.base64': 'not base64 at all!' });
    expect(broken.status).toBe(400);
    expect(broken.json.message).toContain('image.base64');
    // A JSON body has room for a large image in base64 (here 8 MB of bytes that are no image).
    const large = await post(trusting, trustingKey, {
      'image.base64': Buffer.alloc(8 << 20, 7).toString('base64'),
    });
    expect(large.status).toBe(400);
    expect(large.json.code).toBe('unsupported_image');
  });

  it('refuses loopback, private, link-local and metadata addresses, by address or by name', async () => {
    const port = images.port;
    const hits = images.hits.length;
    for (const url of [
      `http://127.0.0.1:${port}/logo.png`,
      `http://localhost:${port}/logo.png`,
      `http://[::1]:${port}/logo.png`,
      `http://[::ffff:127.0.0.1]:${port}/logo.png`,
      `http://2130706433:${port}/logo.png`,
      `http://0x7f.1:${port}/logo.png`,
      `http://0.0.0.0:${port}/logo.png`,
      'http://10.0.0.1/logo.png',
      'http://192.168.1.1/logo.png',
      'http://172.16.0.1/logo.png',
      'http://100.64.0.1/logo.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/logo.png',
      'http://[fe80::1]/logo.png',
    ]) {
      const refused = await post(strict, strictKey, { 'image.url': url });
      expect(refused.status, url).toBe(400);
      expect(refused.json, url).toMatchObject({ code: 'url_not_allowed' });
      expect(refused.json.message, url).toContain('public address');
    }
    expect(images.hits).toHaveLength(hits);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.org/logo.png',
      'gopher://x',
      'http://user:pw@example.org/',
    ]) {
      const refused = await post(strict, strictKey, { 'image.url': url });
      expect(refused.status, url).toBe(400);
      expect(refused.json.code, url).toBe('url_not_allowed');
    }
  });

  it('follows a redirect only to an address it may reach, and at most three', async () => {
    const hits = images.hits.length;
    const toMetadata = await post(trusting, trustingKey, {
      'image.url': `${images.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
    });
    expect(toMetadata.status).toBe(400);
    expect(toMetadata.json.code).toBe('url_not_allowed');
    for (const to of [`http://[::1]:${images.port}/logo.png`, 'http://10.0.0.1/logo.png']) {
      // Only 127.0.0.1 is allowed on this server: ::1 and private networks stay refused.
      const refused = await post(trusting, trustingKey, {
        'image.url': `${images.url}/redirect?to=${encodeURIComponent(to)}`,
      });
      expect(refused.json?.code, to).toBe('url_not_allowed');
    }
    const toLogo = await post(trusting, trustingKey, { 'image.url': `${images.url}/redirect?to=/logo.png` });
    expect(toLogo.status).toBe(200);
    let chain = `${images.url}/logo.png`;
    for (let i = 0; i < 4; i++) chain = `${images.url}/redirect?to=${encodeURIComponent(chain)}`;
    const tooMany = await post(trusting, trustingKey, { 'image.url': chain });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.message).toContain('redirected more than 3 times');
    expect(images.hits.slice(hits)).not.toContain('/latest/meta-data/');
  });

  it('gives up on a URL past its time or size limit, with a sentence', async () => {
    const slow = await post(trusting, trustingKey, { 'image.url': `${images.url}/slow` });
    expect(slow.status).toBe(422);
    expect(slow.json).toMatchObject({ code: 'url_unreachable' });
    expect(slow.json.message).toContain('within 1 seconds');
    const huge = await post(trusting, trustingKey, { 'image.url': `${images.url}/huge` });
    expect(huge.status).toBe(413);
    expect(huge.json.code).toBe('image_too_large');
    const missing = await post(trusting, trustingKey, { 'image.url': `${images.url}/nothing.png` });
    expect(missing.status).toBe(422);
    expect(missing.json.message).toContain('answered 404');
  });

  it('reads no URL for a call it refuses (a live call of a free account)', async () => {
    const free = (await accountWithKey(trusting)).secret;
    const hits = images.hits.length;
    const refused = await post(trusting, free, { 'image.url': `${images.url}/logo.png` });
    expect(refused.status).toBe(402);
    expect(images.hits).toHaveLength(hits);
    const test = await post(trusting, free, { 'image.url': `${images.url}/logo.png`, mode: 'test' });
    expect(test.status).toBe(200);
    expect(images.hits).toHaveLength(hits + 1);
  });

  it('takes one image only', async () => {
    const form = new FormData();
    form.set('image', new Blob([logo], { type: 'image/png' }), 'logo.png');
    form.set('image.url', `${images.url}/logo.png`);
    const both = await post(trusting, trustingKey, form);
    expect(both.status).toBe(400);
    expect(both.json.message).toContain('one image');
  });
});
