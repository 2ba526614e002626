import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prettyLogs } from '../dist/app.js';
import { Client } from './support/client.js';
import { convert, register } from './support/flows.js';
import { logoPng, truncatedPng } from './support/images.js';
import { type S3Server, startS3Server } from './support/s3.js';
import { startTestServer, type TestServer } from './support/server.js';

const TOKEN = 'a-metrics-token-of-some-length';
const scrape = (server: TestServer, token?: string) =>
  fetch(`${server.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The value of one sample of the exposition, e.g. `name{label="x"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics for an operator: behind a token, in Prometheus text format', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server?.stop());

  it('is not there without the token, nor on a server that has none', async () => {
    expect((await scrape(server)).status).toBe(404);
    expect((await scrape(server, 'another-token-of-some-length')).status).toBe(404);
    const plain = await startTestServer();
    try {
      expect((await scrape(plain, TOKEN)).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });

  it('counts requests by route, traces with their time, failures by reason, previews and the queue', async () => {
    const client = new Client(server.url);
    await register(client);
    expect((await client.get('/api/user')).status).toBe(200);
    const done = await convert(client, await logoPng(120));
    expect(done.status).toBe('completed');
    const failed = await convert(client, await truncatedPng(), 'broken.png');
    expect(failed.status).toBe('failed');
    expect((await client.get(`/api/preview/${done.id}`)).status).toBe(200);

    const answer = await scrape(server, TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(
      sample(
        text,
        'vectrace_http_request_duration_seconds_count{method="GET",route="/api/user",status="200"}',
      ),
    ).toBe(1);
    // Route patterns, never addresses with ids in them.
    expect(text).toContain('route="/api/conversions/:id"');
    expect(text).not.toContain(done.id);
    expect(sample(text, 'vectrace_trace_duration_seconds_count')).toBe(1);
    expect(sample(text, 'vectrace_trace_failures_total{reason="refused"}')).toBe(1);
    expect(sample(text, 'vectrace_file_work_duration_seconds_count{kind="preview"}')).toBe(1);
    expect(sample(text, 'vectrace_queue_waiting')).toBe(0);
    expect(sample(text, 'vectrace_queue_oldest_waiting_seconds')).toBe(0);
    expect(text).toContain('process_resident_memory_bytes');
  });
});

describe('health: alive, and ready while its parts answer', () => {
  let s3: S3Server;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer({ env: s3.env });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
  });

  it('answers /readyz 503 naming the bucket while it is away, and 200 again once it is back', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', store: 'ok' } });
    await s3.stop();
    try {
      const away = await fetch(`${server.url}/readyz`);
      expect(away.status).toBe(503);
      expect(await away.json()).toMatchObject({ status: 'unavailable', checks: { store: 'unavailable' } });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await s3.start();
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe('health on the embedded default', () => {
  it('is ready from the first start, and answers 503 naming the store while its folder cannot be written', async () => {
    // The data folder is the embedded default's store, whichever project runs this.
    const server = await startTestServer({ embedded: true });
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', store: 'ok' } });
      expect(ready.status).toBe(200);
      // A file where the folder should be: nothing can be written there.
      const objects = join(server.dataDir, 'objects');
      await rm(objects, { recursive: true, force: true });
      await writeFile(objects, 'not a folder');
      const away = await fetch(`${server.url}/readyz`);
      expect(away.status).toBe(503);
      expect(await away.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', store: 'unavailable' },
      });
      await rm(objects);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('answers 503 within seconds, not never, while the bucket takes connections and never replies', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {}); // closed by the client giving up: expected
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const server = await startTestServer({
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'silent-bucket',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
    });
    try {
      const asked = Date.now();
      const away = await fetch(`${server.url}/readyz`);
      expect(away.status).toBe(503);
      expect(await away.json()).toMatchObject({ checks: { database: 'ok', store: 'unavailable' } });
      // Each part is given 2 s: a probe with a timeout of its own gets its answer in time.
      expect(Date.now() - asked).toBeLessThan(5000);
    } finally {
      await server.stop();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** Starts the server, reads the line that says it serves, and stops it. */
function firstLogLine(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], { env: { PATH: process.env.PATH, ...env } });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no start-up line: ${out}`));
    }, 30_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.includes('Vectrace serving on'));
      if (line === undefined) return;
      clearTimeout(timer);
      child.once('exit', () => resolve(line));
      child.kill('SIGTERM');
    });
  });
}

describe('logs: lines for people on a terminal, JSON for a collector', () => {
  it('chooses by the terminal, JSON in production, unless LOG_FORMAT says', () => {
    expect(prettyLogs(undefined, true, 'development')).toBe(true);
    expect(prettyLogs(undefined, false, 'development')).toBe(false);
    expect(prettyLogs(undefined, true, 'production')).toBe(false);
    expect(prettyLogs('json', true, 'development')).toBe(false);
    expect(prettyLogs('pretty', false, 'development')).toBe(true);
    expect(prettyLogs('pretty', true, 'production')).toBe(true);
  });

  it('prints readable lines with LOG_FORMAT=pretty, JSON with LOG_FORMAT=json', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-logs-'));
    try {
      for (const format of ['pretty', 'json']) {
        const line = await firstLogLine({
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_FORMAT: format,
        });
        expect(line).toContain('Vectrace serving on');
        if (format === 'json') expect(JSON.parse(line).msg).toMatch(/^Vectrace serving on/);
        else expect(line.trimStart().startsWith('{'), line).toBe(false);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
