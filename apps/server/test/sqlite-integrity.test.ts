import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { register, startConversion } from './support/flows.js';
import { logoPng } from './support/images.js';
import { spawnServer } from './support/process.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vectrace-integrity-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// The embedded database's promise: killed at any moment, it stays consistent and keeps every
// acknowledged write (WAL, synchronous=NORMAL: durable across application crashes). This file
// runs in the server-load project, which always uses SQLite (vitest.config.ts).
describe('SQLite under kill -9', () => {
  it('20 SIGKILLs under write load: integrity_check says ok and every acknowledged conversion exists', async () => {
    const acknowledged: string[] = [];
    const png = await logoPng(64);
    for (let round = 0; round < 20; round++) {
      const server = await spawnServer({ DATA_DIR: dataDir, TRACE_WORKERS: '1' });
      // Signed up before the killing starts: a sign-up judges the password's strength in a
      // thread that takes a moment to start, and the kill is about conversions being written.
      const clients = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const client = new Client(server.url);
          await register(client, `r${round}w${Math.random().toString(36).slice(2, 10)}`);
          return client;
        }),
      );
      const writers = clients.map(async (client) => {
        try {
          for (;;) {
            const created = await startConversion(client, png);
            if (created.status === 201) acknowledged.push(created.body.id);
          }
        } catch {
          // the server was killed under us
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 350));
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(writers);

      const file = new SQLite(join(dataDir, 'vectrace.db'));
      try {
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
        const ids = new Set(file.prepare('select id from conversions').pluck().all());
        expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      } finally {
        file.close();
      }
    }
    expect(acknowledged.length).toBeGreaterThan(20);
    process.stdout.write(`sqlite integrity: ${acknowledged.length} acknowledged conversions over 20 kills\n`);
  }, 120_000);
});
