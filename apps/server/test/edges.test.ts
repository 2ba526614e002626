import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Conversion, UploadTicket } from '@vectrace/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../dist/config.js';
import { openDatabase } from '../dist/db/index.js';
import { Client, type Reply } from './support/client.js';
import { convert, register, startConversion, upload } from './support/flows.js';
import { logoPng, noisePng } from './support/images.js';
import { createPaymentIntent } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));
async function serverWith(env: Record<string, string> = {}, dataDir?: string): Promise<TestServer> {
  const server = await startTestServer({ env, dataDir });
  servers.push(server);
  return server;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the public origin (check 46)', () => {
  it('production refuses to start without PUBLIC_URL, saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' })).toThrow(
      /PUBLIC_URL: production needs the address people use/,
    );
  });

  it('production on PostgreSQL refuses to start without SESSION_SECRET, which every process must share', () => {
    const production = {
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      PUBLIC_URL: 'https://vectrace.example',
      DATABASE_URL: 'postgres://db.example/vectrace',
    };
    expect(() => loadConfig(production)).toThrow(
      /SESSION_SECRET: production on PostgreSQL runs several processes/,
    );
    expect(loadConfig({ ...production, SESSION_SECRET: 'x'.repeat(32) }).secret).toBe('x'.repeat(32));
    expect(() => loadConfig({ TRACE_WORKERS: '0' })).toThrow(/TRACE_WORKERS: 0 needs REDIS_URL/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
  });

  it('in production the Host header never decides the upload address', async () => {
    const server = await serverWith({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      PUBLIC_URL: 'https://vectrace.example',
    });
    const reply = await fetch(`${server.url}/api/objects/upload`, {
      method: 'POST',
      headers: { host: 'attacker.example' },
    });
    expect(reply.status).toBe(200);
    const ticket = (await reply.json()) as UploadTicket;
    expect(ticket.uploadURL).toMatch(/^https:\/\/vectrace\.example\/api\/objects\/uploads\//);
  });

  it('listens on this machine only by default, on every interface in production, or where HOST says', () => {
    const base = { ALLOW_SANDBOX_PAYMENTS: 'true', PUBLIC_URL: 'https://vectrace.example' };
    expect(loadConfig({ ...base, DATA_DIR: tmpdir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, DATA_DIR: tmpdir(), NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...base, DATA_DIR: tmpdir(), HOST: '::' }).host).toBe('::');
  });
});

describe('data files (check 46)', () => {
  it('the data folder and the database are readable by the server user only, even if they were not', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-perm-'));
    const { chmod } = await import('node:fs/promises');
    await chmod(dataDir, 0o755);
    const server = await serverWith({}, dataDir);
    await convert(new Client(server.url), await logoPng(60));
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    if (!server.env.DATABASE_URL) {
      expect((await stat(join(dataDir, 'vectrace.db'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dataDir, 'vectrace.db-wal'))).mode & 0o777).toBe(0o600);
    }
    servers.splice(servers.indexOf(server), 1);
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('source maps (check 46)', () => {
  it('are served in development and not in production', async () => {
    const webDir = await mkdtemp(join(tmpdir(), 'vectrace-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(
      join(webDir, 'index.html'),
      '<!doctype html><title>Vectrace</title><div id="root"></div>',
    );
    await writeFile(join(webDir, 'assets', 'app.js'), 'console.log(1);');
    await writeFile(join(webDir, 'assets', 'app.js.map'), '{"version":3,"sources":["app.tsx"]}');
    const development = await serverWith({ WEB_DIR: webDir });
    const production = await serverWith({
      WEB_DIR: webDir,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      PUBLIC_URL: 'https://vectrace.example',
    });
    expect((await fetch(`${development.url}/assets/app.js.map`)).status).toBe(200);
    expect((await fetch(`${production.url}/assets/app.js`)).status).toBe(200);
    const hidden = await fetch(`${production.url}/assets/app.js.map`);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toMatch(/sources/);
    await rm(webDir, { recursive: true, force: true });
  });
});

describe('personal answers are not cached', () => {
  it('API answers and original files say Cache-Control: no-store', async () => {
    const server = await serverWith();
    const client = new Client(server.url);
    await register(client);
    const { ticket } = await upload(client, await logoPng(60));
    const original = await fetch(`${server.url}${ticket.objectPath}`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(original.status).toBe(200);
    expect(original.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/user', '/api/conversions', '/api/account']) {
      const reply = await client.get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('paying for a failed conversion', () => {
  it('says it failed, not that it is unfinished', async () => {
    const server = await serverWith();
    const client = new Client(server.url);
    const done = await convert(client, await logoPng(60));
    await server.deps.db
      .updateTable('conversions')
      .set({ status: 'failed', errorMessage: 'no shapes found' })
      .where('id', '=', done.id)
      .execute();
    const reply = await createPaymentIntent(client, done.id);
    expect(reply.status).toBe(409);
    expect((reply.body as unknown as { message: string }).message).toMatch(
      /This conversion failed, so there is nothing to pay for/,
    );
  });
});

describe('retention in messages', () => {
  it('the deleted-files message gives the configured retention, not always 24 hours', async () => {
    const server = await serverWith({ RETENTION_MINUTES: '60' });
    const client = new Client(server.url);
    const done = await convert(client, await logoPng(60));
    await server.deps.db
      .updateTable('conversions')
      .set({ expiredAt: new Date().toISOString() })
      .where('id', '=', done.id)
      .execute();
    const reply = await client.get(`/api/download/${done.id}`);
    expect(reply.status).toBe(410);
    expect(reply.body.message).toMatch(/deleted within 2 hours of upload/);
  });
});

describe('the conversion list', () => {
  it('comes a page at a time, newest first, with a Link to the next page', async () => {
    const server = await serverWith();
    const client = new Client(server.url);
    const { ticket } = await upload(client, await logoPng(40));
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await client.post<Conversion>('/api/conversions', {
        originalFileName: 'logo.png',
        originalFileUrl: ticket.objectPath,
        settings: { threshold: 40 + i },
      });
      made.unshift(created.body.id);
    }
    const seen: string[] = [];
    let next: string | null = '/api/conversions?limit=2';
    const pages: number[] = [];
    while (next) {
      const reply: Reply<Conversion[]> = await client.get<Conversion[]>(next);
      expect(reply.status).toBe(200);
      pages.push(reply.body.length);
      seen.push(...reply.body.map((c) => c.id));
      next = /<([^>]+)>; rel="next"/.exec(reply.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(made);
    expect((await client.get('/api/conversions')).body).toHaveLength(5);
    expect((await client.get('/api/conversions?limit=0')).status).toBe(400);
    expect((await client.get('/api/conversions?limit=101')).body.message).toMatch(/at most 100/);
  });
});

describe('shutting down', () => {
  it('starts no new trace once shutdown begins, even while a slow request holds the server open', async () => {
    const server = await serverWith({ TRACE_WORKERS: '1', SHUTDOWN_GRACE_MS: '30000' });
    const client = new Client(server.url);
    const running = await startConversion(client, await noisePng(700));
    const waiting = await startConversion(client, await logoPng(60));
    // A slow upload in flight: closing waits for it.
    const ticket = (await client.post<UploadTicket>('/api/objects/upload')).body;
    const body = new ReadableStream({
      async start(controller) {
        for (let i = 0; i < 40; i++) {
          controller.enqueue(new Uint8Array(70 * 1024));
          await sleep(100);
        }
        controller.close();
      },
    });
    const slow = fetch(ticket.uploadURL, { method: 'PUT', body, duplex: 'half' } as RequestInit).catch(
      () => undefined,
    );
    await sleep(300);
    await server.close();
    await slow;
    const { db } = openDatabase(server.deps.config, () => {});
    const rows = await db.selectFrom('conversions').select(['id', 'status', 'attempts']).execute();
    await db.destroy();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(running.body.id)?.status).toBe('completed');
    expect(byId.get(waiting.body.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
