import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { loadConfig } from '../../dist/config.js';
import { type RunningServer, startServer } from '../../dist/server.js';
import { freshPostgresDatabase, testPostgresUrl } from './database.js';
import { type S3Server, startS3Server } from './s3.js';

/**
 * Under the server-scale-out project: the queue and rate limits on the machine's Redis (under a
 * prefix of each server's own), files in an S3 server of its own.
 */
async function scaleOut(): Promise<{ env: Record<string, string>; s3?: S3Server }> {
  const redis = process.env.VECTRACE_TEST_REDIS;
  if (!redis) return { env: {} };
  const s3 = await startS3Server();
  return {
    env: { REDIS_URL: redis, REDIS_PREFIX: `vt-test-${randomBytes(5).toString('hex')}`, ...s3.env },
    s3,
  };
}

/** A clock the test moves by hand. */
export function testClock(start = Date.now()) {
  let now = start;
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  clock.set = (date: Date) => {
    now = date.getTime();
  };
  return clock;
}
export type TestClock = ReturnType<typeof testClock>;

export interface TestServer extends RunningServer {
  dataDir: string;
  env: Record<string, string>;
  /** Stops the server and deletes its data folder and database. */
  stop(): Promise<void>;
}

/**
 * The real server on a free port with a fresh data folder (and a fresh PostgreSQL database
 * under the server-postgres project; scaled out under server-scale-out unless `embedded`). Extra
 * environment variables override the defaults.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    dataDir?: string;
    databaseUrl?: string;
    /** Files in the data folder and the queue in the process, even under the scale-out project. */
    embedded?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'vectrace-test-')));
  const database = options.databaseUrl || !testPostgresUrl ? undefined : await freshPostgresDatabase();
  const databaseUrl = options.databaseUrl ?? database?.url;
  const scaled = options.embedded ? { env: {} } : await scaleOut();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRACE_WORKERS: '2',
    // Processes on one PostgreSQL database share their secret, as production requires.
    ...(databaseUrl
      ? { DATABASE_URL: databaseUrl, SESSION_SECRET: 'the-secret-all-test-servers-share-on-postgres' }
      : {}),
    ...scaled.env,
    ...options.env,
  };
  const server = await startServer(loadConfig(env), { clock: options.clock });
  return {
    ...server,
    dataDir,
    env,
    async stop() {
      await server.close();
      await database?.drop();
      await scaled.s3?.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts servers of a test file's own and stops them all after that file. It is called at the top
 * of the file, so that the hook that stops them belongs to the file: a support module is imported
 * once for all the files a worker runs.
 */
export function serversOfFile(): (options?: Parameters<typeof startTestServer>[0]) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.stop())));
  return async (options = {}) => {
    const server = await startTestServer(options);
    servers.push(server);
    return server;
  };
}

/**
 * Marks a conversion paid directly, for tests about downloads rather than payment: as a payment
 * does, it pays for the image (its upload), so re-tunings of it are paid too.
 */
export async function markPaid(server: TestServer, conversionId: string): Promise<void> {
  const now = new Date().toISOString();
  const row = await server.deps.db
    .updateTable('conversions')
    .set({ paymentStatus: 'paid', paidAt: now })
    .where('id', '=', conversionId)
    .returning('uploadId')
    .executeTakeFirstOrThrow();
  await server.deps.db.updateTable('uploads').set({ paidAt: now }).where('id', '=', row.uploadId).execute();
}

/** Makes the user Pro directly, as a paid subscription would, for tests about what Pro allows. */
export async function makePro(server: TestServer, username: string): Promise<void> {
  await server.deps.db
    .updateTable('users')
    .set({ planType: 'pro' })
    .where('username', '=', username)
    .execute();
}

/** What the server's store keeps under the key (its disk, or its S3 bucket), or undefined. */
export async function storedObject(server: TestServer, key: string): Promise<Buffer | undefined> {
  return server.deps.store.read(key).catch(() => undefined);
}
