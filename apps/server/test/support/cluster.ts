import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '../../dist/config.js';
import { type Db, openDatabase } from '../../dist/db/index.js';
import { openObjectStore } from '../../dist/storage/index.js';
import type { ObjectStore } from '../../dist/storage/object-store.js';
import { Client } from './client.js';
import { freshPostgresDatabase } from './database.js';
import { type ServerProcess, spawnServer } from './process.js';
import { type S3Server, startS3Server } from './s3.js';

const execFileAsync = promisify(execFile);
const migrateEntry = fileURLToPath(new URL('../../dist/migrate-main.js', import.meta.url));

/** The machine's Redis, as the scale-out project names it (VECTRACE_TEST_REDIS). */
export const testRedisUrl = process.env.VECTRACE_TEST_REDIS ?? 'redis://127.0.0.1:6379';

/**
 * The scaled-out layout of compose.yaml on this machine: API processes (`npm start` with
 * TRACE_WORKERS=0) and worker processes (`npm run worker`), each with a data folder of its own
 * (nothing is shared through a disk), on a fresh PostgreSQL database, an S3 server of its own and
 * Redis under a prefix of its own.
 */
export interface Cluster {
  apis: ServerProcess[];
  workers: ServerProcess[];
  env: Record<string, string>;
  db: Db;
  store: ObjectStore;
  /** The S3 server, to stop and start again. */
  s3: S3Server;
  /** A browser on the given API process. */
  client(api: number): Client;
  /** The same browser (its cookies) on another API process. */
  on(client: Client, api: number): Client;
  startApi(extra?: Record<string, string>): Promise<ServerProcess>;
  startWorker(extra?: Record<string, string>): Promise<ServerProcess>;
  /** SIGTERM (drains) or SIGKILL; waits for the exit. */
  stop(process: ServerProcess, signal?: 'SIGTERM' | 'SIGKILL'): Promise<number | string>;
  /** Replaces API process `api` by a new one: SIGTERM, then start. */
  restartApi(api: number): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function startCluster(
  options: {
    apis?: number;
    workers?: number;
    env?: Record<string, string>;
    /** false: a load test, whose processes' log lines are drained unread. */
    keepLogs?: boolean;
  } = {},
): Promise<Cluster> {
  const database = await freshPostgresDatabase();
  const s3 = await startS3Server();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl,
    REDIS_PREFIX: `vt-test-${randomBytes(5).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // A dead or stalled process's work comes back within seconds; a live one renews its claims in
    // time even while three other test files share the two cores (at 1 s it once did not).
    LEASE_MS: '3000',
    LOG_LEVEL: 'info',
    ...s3.env,
    ...options.env,
  };
  const config = loadConfig({ ...env, DATA_DIR: tmpdir() });
  const { db } = openDatabase(config, () => {});
  const store = openObjectStore(config);
  const folders: string[] = [];
  const processes: ServerProcess[] = [];

  const spawn = async (role: 'server' | 'worker', extra: Record<string, string>) => {
    const dataDir = await mkdtemp(join(tmpdir(), `vectrace-${role}-`));
    folders.push(dataDir);
    const child = await spawnServer(
      { ...env, DATA_DIR: dataDir, ...extra },
      { role, keepLogs: options.keepLogs },
    );
    processes.push(child);
    return child;
  };
  const cluster: Cluster = {
    apis: [],
    workers: [],
    env,
    db,
    store,
    s3,
    client: (api) => new Client(cluster.apis[api].url),
    on(client, api) {
      const next = new Client(cluster.apis[api].url, client.headers);
      for (const [name, value] of client.cookies) next.cookies.set(name, value);
      return next;
    },
    startApi: (extra = {}) => spawn('server', { TRACE_WORKERS: '0', ...extra }),
    startWorker: (extra = {}) => spawn('worker', { TRACE_WORKERS: '1', ...extra }),
    async stop(child, signal = 'SIGTERM') {
      child.child.kill(signal);
      return child.exited;
    },
    async restartApi(api) {
      await cluster.stop(cluster.apis[api]);
      cluster.apis[api] = await cluster.startApi();
      return cluster.apis[api];
    },
    async close() {
      for (const child of processes) child.child.kill('SIGKILL');
      await Promise.all(processes.map((child) => child.exited));
      await db.destroy();
      await s3.close();
      await database.drop();
      await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    },
  };
  // `npm run migrate` first, the release step; then the processes.
  await execFileAsync(process.execPath, [migrateEntry], {
    env: { PATH: process.env.PATH, ...env, DATA_DIR: tmpdir() },
  });
  for (let i = 0; i < (options.apis ?? 2); i++) cluster.apis.push(await cluster.startApi());
  for (let i = 0; i < (options.workers ?? 2); i++) cluster.workers.push(await cluster.startWorker());
  return cluster;
}

/** The conversions' rows, straight from the database. */
export function conversionRows(cluster: Cluster, ids: string[]) {
  return cluster.db.selectFrom('conversions').selectAll().where('id', 'in', ids).execute();
}

/** Whether the store keeps the object. */
export async function stored(store: ObjectStore, key: string): Promise<boolean> {
  return store.read(key).then(
    () => true,
    () => false,
  );
}

/** Waits until check() holds, asking every everyMs. */
export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
  what = 'condition',
  everyMs = 50,
) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} never met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
