import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from './support/redis-server.js';

const entry = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));
const main = entry('main');
const worker = entry('worker-main');
const migrate = entry('migrate-main');
const cli = fileURLToPath(new URL('../../../packages/tracer/bin/vectrace.js', import.meta.url));
// A port nothing answers on: a database "out of reach" at once, without a wait for a timeout.
const closedDatabase = 'postgres://postgres@127.0.0.1:1/vectrace';

/** Runs an entry as `npm start`, `npm run worker` or `npm run migrate` do, in an environment of its own. */
function run(file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [file], { env: { PATH: process.env.PATH, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // One that starts after all would serve on: stopped, and its exit code is then not 1.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Exit code 1 and one line on stderr that names the variable: no stack trace to read through. */
function expectOneSentence(result: { code: number | null; stderr: string }, variable: string) {
  expect(result.code, result.stderr).toBe(1);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toContain(variable);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

/** Something else listening on a port of this machine. */
async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vectrace-config-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm start and npm run migrate with a configuration that cannot work', () => {
  it('a port out of range, or not a number', async () => {
    for (const port of ['99999', 'abc']) {
      const result = await run(main, { DATA_DIR: dataDir, PORT: port });
      expectOneSentence(result, 'PORT');
      expect(result.stderr).toContain('must be a port number from 0 to 65535');
    }
  });

  it('a port another program listens on', async () => {
    const { port, server } = await occupiedPort();
    try {
      const result = await run(main, { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) });
      expectOneSentence(result, `PORT ${port}`);
      expect(result.stderr).toContain('another program is listening');
    } finally {
      server.close();
    }
  });

  it('a retention longer than the 24 hours every page promises', async () => {
    const result = await run(main, { DATA_DIR: dataDir, PORT: '0', RETENTION_MINUTES: '1440' });
    expectOneSentence(result, 'RETENTION_MINUTES');
    expect(result.stderr).toContain('within 24 hours of upload');
    expect(result.stderr).toContain('at most 1435');
  });

  it('a database that cannot be reached, for the server and for migrate', async () => {
    for (const file of [main, migrate]) {
      const result = await run(file, { DATA_DIR: dataDir, PORT: '0', DATABASE_URL: closedDatabase });
      expectOneSentence(result, 'DATABASE_URL');
      expect(result.stderr).toContain('127.0.0.1:1');
    }
  });

  it('S3 settings without a bucket, for the server and for migrate', async () => {
    for (const file of [main, migrate]) {
      const result = await run(file, { DATA_DIR: dataDir, S3_ENDPOINT: 'http://127.0.0.1:9000' });
      expectOneSentence(result, 'S3_BUCKET');
    }
  });
});

describe('npm run worker with a configuration that cannot work', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
    // The worker never migrates: the release step makes its database first.
    const migrated = await run(migrate, { DATA_DIR: dataDir });
    expect(migrated.code, migrated.stderr).toBe(0);
  });
  afterAll(() => redis?.close());

  it('no Redis to take work from', async () => {
    const result = await run(worker, { DATA_DIR: dataDir });
    expectOneSentence(result, 'REDIS_URL');
  });

  it('a health port out of range, or not a number', async () => {
    for (const port of ['99999', 'abc']) {
      const result = await run(worker, { DATA_DIR: dataDir, REDIS_URL: redis.url, HEALTH_PORT: port });
      expectOneSentence(result, 'HEALTH_PORT');
    }
  });

  it('a health port another program listens on', async () => {
    const { port, server } = await occupiedPort();
    try {
      const result = await run(worker, {
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        REDIS_PREFIX: 'vt-config-errors',
        HOST: '127.0.0.1',
        HEALTH_PORT: String(port),
      });
      expectOneSentence(result, `HEALTH_PORT ${port}`);
      expect(result.stderr).toContain('another program is listening');
    } finally {
      server.close();
    }
  });

  it('a database that cannot be reached', async () => {
    const result = await run(worker, {
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'vt-config-errors',
      DATABASE_URL: closedDatabase,
    });
    expectOneSentence(result, 'DATABASE_URL');
  });

  it('a database not migrated yet', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'vectrace-unmigrated-'));
    try {
      const result = await run(worker, {
        DATA_DIR: fresh,
        REDIS_URL: redis.url,
        REDIS_PREFIX: 'vt-config-errors',
      });
      expectOneSentence(result, 'DATA_DIR');
      expect(result.stderr).toContain('npm run migrate');
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });
});

/** Node started with this option reports itself as 20.20.2, as a machine's older Node would. */
const ACT_AS_NODE_20 = `--import=data:text/javascript,${encodeURIComponent(
  `Object.defineProperty(process.versions, 'node', { value: '20.20.2' })`,
)}`;

describe('an older Node.js', () => {
  it.each([
    ['npm start', main, 'Vectrace'],
    ['npm run worker', worker, 'Vectrace'],
    ['npm run migrate', migrate, 'Vectrace'],
    ['the CLI', cli, 'vectrace'],
  ])(
    'is told in one sentence by %s, which exits 1 before loading anything native',
    async (_name, file, program) => {
      const result = await run(file, { DATA_DIR: dataDir, NODE_OPTIONS: ACT_AS_NODE_20 });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `${program} needs Node.js 22.12 or newer (22 or 24), and this is Node.js 20.20.2.\n`,
      );
    },
  );
});

describe('.env.example', () => {
  it('lists every variable the server, a worker and migrate read, and nothing but config/read.ts reads them', async () => {
    const { configVariables } = await import('../dist/config.js');
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(configVariables.filter((name: string) => !listed.has(name))).toEqual([]);
    expect(configVariables.length).toBeGreaterThan(40);
    // config/read.ts's schema is the list only while no other file reads the environment itself.
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    const readers = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && readFileSync(join(src, file), 'utf8').includes('process.env'),
    );
    // native-memory.ts only hands the environment on as the process starts itself again (with
    // glibc's setting added): it reads no setting of ours.
    expect(readers.sort()).toEqual([join('config', 'read.ts'), 'native-memory.ts']);
  });
});
