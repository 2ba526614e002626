import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { pageMeta } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** A GET as curl sends it: the body's bytes as they travel, not decompressed. */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers: { accept: '*/*', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { WEB_DIR: webDist, PUBLIC_URL: 'https://vectrace.example' } });
});
afterAll(() => server?.stop());

describe('serving the site', () => {
  it('answers page addresses with HTML whatever the Accept header, and API misses with JSON', async () => {
    const home = await raw(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    const missing = await raw(`${server.url}/api/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    const unknownPage = await raw(`${server.url}/no-such-page`);
    expect(unknownPage.status).toBe(404);
    expect(unknownPage.body.toString()).toContain('<div id="root">');
  });

  it('gives each page its own title, description, canonical address and sharing tags in the served HTML', async () => {
    for (const path of [
      '/',
      '/png-to-svg',
      '/how-to-vectorize-a-logo',
      '/cutting-engraving-plotting',
      '/privacy',
      '/api/docs',
    ] as const) {
      const html = (await raw(`${server.url}${path}`)).body.toString();
      const title = pageMeta[path].title;
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toContain(`<link rel="canonical" href="https://vectrace.example${path}" />`);
      expect(html, path).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html, path).toContain('<meta property="og:image" content="https://vectrace.example/og.png" />');
      expect(html.match(/<meta name="description"/g)?.length, path).toBe(1);
    }
  });

  it('answers /api/docs with the API reference page, under the strict Content-Security-Policy', async () => {
    const page = await raw(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body.toString();
    expect(html).toContain(`<title>${pageMeta['/api/docs'].title}</title>`);
    expect(html).toContain('<div id="root">');
    // The page's scripts are the web app's files: none inline, none allowed inline.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('sha256-');
    // The rest of /api stays the API's: its misses are JSON.
    const nextDoor = await raw(`${server.url}/api/docs/nope`);
    expect(nextDoor.status).toBe(404);
    expect(nextDoor.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends the home page JavaScript brotli-compressed, at most 200 KB on the wire', async () => {
    const html = (await raw(`${server.url}/`)).body.toString();
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const script of scripts) {
      const reply = await raw(`${server.url}${script}`, { 'accept-encoding': 'br, gzip' });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['cache-control']).toContain('immutable');
      total += reply.body.length;
    }
    expect(total).toBeLessThanOrEqual(200 * 1024);
    const gzip = await raw(`${server.url}${scripts[0]}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const page = await raw(`${server.url}/png-to-svg`, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
  });

  it('has robots.txt, a sitemap of the public pages, favicon.ico, an apple-touch-icon and a share image', async () => {
    const robots = await raw(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.body.toString()).toContain('Sitemap: https://vectrace.example/sitemap.xml');
    expect(robots.body.toString()).toContain('Allow: /api/docs\nDisallow: /api/\n');
    const sitemap = await raw(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.body.toString()).toContain('<loc>https://vectrace.example/png-to-svg</loc>');
    expect(sitemap.body.toString()).toContain('<loc>https://vectrace.example/api/docs</loc>');
    expect(sitemap.body.toString()).toContain(
      '<loc>https://vectrace.example/cutting-engraving-plotting</loc>',
    );
    for (const file of ['/favicon.ico', '/apple-touch-icon.png', '/og.png']) {
      const reply = await raw(`${server.url}${file}`);
      expect(reply.status, file).toBe(200);
      expect(reply.body.length, file).toBeGreaterThan(500);
    }
  });
});
