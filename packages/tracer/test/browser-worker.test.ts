import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from '../../../e2e/support/browser.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

// Traces a black disc on white and writes it in every format, inside a module Web Worker that
// imports the package's own build: no bundler, no Node built-ins, nothing but the browser.
const worker = `
import { formats, trace } from '/dist/index.js';
self.onmessage = ({ data: size }) => {
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if ((x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 3) ** 2) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
  const model = trace({ width: size, height: size, data });
  const files = formats.map((format) => {
    const written = format.write(model, { size: { width: 50, unit: 'mm' } });
    const text = typeof written === 'string' ? written : new TextDecoder('latin1').decode(written);
    return { name: format.name, start: text.slice(0, 12), length: text.length, hasSection: text.includes('SECTION') };
  });
  self.postMessage({ vectorCount: model.vectorCount, files });
};
`;

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.map': 'application/json',
};

describe('the engine in a browser', () => {
  let server: Server;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      if (path === '/worker.js' || path === '/') {
        response.writeHead(200, { 'content-type': path === '/' ? 'text/html' : 'text/javascript' });
        return response.end(path === '/' ? '<!doctype html><title>engine</title>' : worker);
      }
      try {
        if (!path.startsWith('/dist/')) throw new Error('outside dist');
        const body = await readFile(join(packageDir, path));
        response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('traces and writes SVG, EPS, PDF and DXF in a Web Worker', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(origin);
    // Run in the page (a string: this file is compiled without the DOM's types).
    const result = await page.evaluate(`new Promise((resolve) => {
      const w = new Worker('/worker.js', { type: 'module' });
      w.onmessage = (event) => resolve(event.data);
      w.onerror = (event) => resolve({ error: event.message || 'worker failed to load' });
      w.postMessage(120);
    })`);
    expect(errors).toEqual([]);
    const { vectorCount, files } = result as {
      vectorCount: number;
      files: { name: string; start: string; length: number; hasSection: boolean }[];
    };
    expect(result).not.toHaveProperty('error');
    expect(vectorCount).toBe(1);
    const byName = Object.fromEntries(files.map((f) => [f.name, f]));
    expect(byName.svg?.start).toMatch(/^<svg/);
    expect(byName.eps?.start).toMatch(/^%!PS-Adobe/);
    expect(byName.pdf?.start).toMatch(/^%PDF-1\.4/);
    expect(byName.dxf?.hasSection).toBe(true);
    await page.close();
  });
});
