import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Conversion } from '@vectrace/contract';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { Client } from './client.js';
import { register, startConversion, upload } from './flows.js';
import { logoPng, noisePng } from './images.js';
import { type ServerProcess, spawnServer } from './process.js';
import { type BehindCostlyFigures, COSTLY, noiseJpeg as colorNoise } from './scale-out-load.js';

// The load scenarios of the embedded default (RELIABILITY 38, 41, 43, the idle memory and kills
// under writes): the load test asserts what they show about behaviour, with bounds a machine ten
// times slower keeps; `npm run bench:load` writes their figures to bench/RESULTS.md against the
// targets.

/** Noise is traced in black and white, the workload these figures were measured with. */
const BW = { mode: 'bw' } as const;

export type EmbeddedServer = ServerProcess & {
  dataDir: string;
  dbFile: string;
  rssMb(): number;
  threads(): number;
};

/** The server as `npm start` runs it, on a fresh data folder; stopped and removed by `run`'s end. */
export async function withEmbeddedServer<T>(
  env: Record<string, string>,
  run: (server: EmbeddedServer) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-load-'));
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }, { keepLogs: false });
  const status = () => readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  try {
    return await run({
      ...server,
      dataDir,
      dbFile: join(dataDir, 'vectrace.db'),
      rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(status())?.[1]) / 1024,
      threads: () => Number(/Threads:\s+(\d+)/.exec(status())?.[1]),
    });
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(client: Client, bytes: Buffer, settings: object = BW, name = 'noise.png') {
  const { ticket } = await upload(client, bytes);
  const created = await client.post<Conversion>('/api/conversions', {
    originalFileName: name,
    originalFileUrl: ticket.objectPath,
    settings,
  });
  if (created.status !== 201) throw new Error(`conversion not created: ${created.text}`);
  return created.body;
}

/** Polls (as the web app does) until the conversion is completed or failed. */
async function outcome(client: Client, id: string): Promise<Conversion> {
  for (;;) {
    const { body } = await client.get<Conversion>(`/api/conversions/${id}`);
    if (body.status === 'completed' || body.status === 'failed') return body;
    await sleep(200);
  }
}

export interface PollingFigures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** Of the 11 conversions queued before, those still queued or tracing when polling ended. */
  stillBusy: number;
}

/** Check 38: 50 connections poll a conversion and the user for `seconds` while both cores trace. */
export function pollWhileTracing(seconds = 20): Promise<PollingFigures> {
  return withEmbeddedServer({ TRACE_WORKERS: '2' }, async (server) => {
    const client = new Client(server.url);
    await register(client);
    const noise = await noisePng(2000);
    for (let i = 0; i < 10; i++) await start(client, noise);
    const polled = (await start(client, await logoPng(), {}, 'logo.png')).id;
    const result = await autocannon({
      url: server.url,
      connections: 50,
      duration: seconds,
      headers: { cookie: client.cookieHeader },
      requests: [{ path: `/api/conversions/${polled}` }, { path: '/api/user' }],
    });
    const conversions = (await client.get<Conversion[]>('/api/conversions')).body;
    return {
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: result.errors,
      non2xx: result.non2xx,
      stillBusy: conversions.filter((c) => c.status === 'pending' || c.status === 'processing').length,
    };
  });
}

export interface PreviewFigures {
  resultMb: number;
  /** Every preview's status, the 16 drawn at once then the 16 from the store. */
  statuses: number[];
  /** How many different sizes the 32 previews came in (one: drawn once, then the same file). */
  sizes: number;
  drawSeconds: number;
  cachedMs: number;
  logins: number;
  loginStatuses: number[];
  loginP50: number;
  loginP99: number;
  rssBefore: number;
  rssPeak: number;
}

/** A photo of noise as a JPEG: 1800 x 1800 traces into a result of about 15.6 MB. */
async function noiseJpeg(size: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (seed >> 16) & 255;
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Check 41: 16 concurrent previews of a 30 MB result while a user logs in every 200 ms. */
export function previewsWhileLoggingIn(): Promise<PreviewFigures> {
  return withEmbeddedServer({}, async (server) => {
    const owner = new Client(server.url);
    await register(owner);
    // The tracer bounds one trace's edges (about 16 MB of SVG at most), so the 30 MB result is
    // made of two traced noise photos: their paths in one file, as a two-color result would be.
    const [first, second] = await Promise.all(
      [1, 2].map(async (seed) =>
        outcome(owner, (await start(owner, await noiseJpeg(1800, seed), BW, 'noise.jpg')).id),
      ),
    );
    if (first.status !== 'completed' || second.status !== 'completed')
      throw new Error('the noise did not trace');
    const vectors = join(server.dataDir, 'objects', 'vectors');
    const firstSvg = await readFile(join(vectors, `${first.id}.svg`), 'utf8');
    const secondSvg = await readFile(join(vectors, `${second.id}.svg`), 'utf8');
    const paths = secondSvg.slice(secondSvg.indexOf('>') + 1, secondSvg.lastIndexOf('</svg>'));
    const svg = firstSvg.replace(/<\/svg>\s*$/, `${paths}</svg>\n`);
    await writeFile(join(vectors, `${first.id}.svg`), svg);
    const SQLite = (await import('better-sqlite3')).default;
    const db = new SQLite(server.dbFile);
    db.prepare('UPDATE conversions SET fileSize = ? WHERE id = ?').run(svg.length, first.id);
    db.close();

    const { username, password } = await register(new Client(server.url));
    const rssBefore = server.rssMb();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rssMb());
    }, 20);
    const logins: number[] = [];
    const loginStatuses: number[] = [];
    let stop = false;
    const loginLoop = (async () => {
      while (!stop) {
        const started = performance.now();
        loginStatuses.push((await new Client(server.url).post('/api/login', { username, password })).status);
        logins.push(performance.now() - started);
        await sleep(200);
      }
    })();
    await sleep(600);
    const preview = () =>
      fetch(`${server.url}/api/preview/${first.id}`, { headers: { cookie: owner.cookieHeader } }).then(
        async (r) => ({ status: r.status, bytes: (await r.arrayBuffer()).byteLength }),
      );
    const drawStarted = performance.now();
    const drawn = await Promise.all(Array.from({ length: 16 }, preview));
    const drawSeconds = (performance.now() - drawStarted) / 1000;
    const cachedStarted = performance.now();
    const cached = await Promise.all(Array.from({ length: 16 }, preview));
    const cachedMs = performance.now() - cachedStarted;
    await sleep(600);
    stop = true;
    await loginLoop;
    clearInterval(sampler);
    logins.sort((a, b) => a - b);
    const previews = [...drawn, ...cached];
    return {
      resultMb: svg.length / 1e6,
      statuses: previews.map((r) => r.status),
      sizes: new Set(previews.map((r) => r.bytes)).size,
      drawSeconds,
      cachedMs,
      logins: logins.length,
      loginStatuses,
      loginP50: logins[Math.floor(logins.length / 2)] ?? 0,
      loginP99: logins[Math.min(logins.length - 1, Math.floor(logins.length * 0.99))] ?? 0,
      rssBefore,
      rssPeak,
    };
  });
}

export interface FairnessFigures {
  /** The burst's answers: 201 up to the visitor's quota, 429 past it. */
  burstStatuses: number[];
  retryAfter: number;
  refusal: string;
  batchStatuses: number[];
  /** Seconds from creation until a worker took up each of three other owners' conversions. */
  waits: number[];
  /** Of the Pro batch of 200, those still waiting when the last of the others started. */
  batchWaitingThen: number;
}

/**
 * Check 43: a visitor bursts 200 conversions and a Pro account queues a batch of 200; three other
 * owners then convert one image each.
 */
export function burstAndBatch(): Promise<FairnessFigures> {
  // 400 requests at once from one address: more connections than one address may hold.
  const env = {
    UPLOADS_PER_MINUTE: '1000',
    CONVERSIONS_PER_MINUTE: '1000',
    MAX_CONNECTIONS_PER_ADDRESS: '1000',
  };
  return withEmbeddedServer(env, async (server) => {
    const heavy = await noisePng(1000); // seconds of tracing each
    const burster = new Client(server.url);
    const { ticket } = await upload(burster, heavy);
    const create = (client: Client, objectPath: string, i: number) =>
      client.post<Conversion>('/api/conversions', {
        originalFileName: 'noise.png',
        originalFileUrl: objectPath,
        settings: { ...BW, threshold: i % 100 },
      });
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) => create(burster, ticket.objectPath, i)),
    );
    const refused = burst.find((r) => r.status === 429);

    // A Pro account's batch is not capped, only queued in turns.
    const pro = new Client(server.url);
    const { username } = await register(pro);
    const SQLite = (await import('better-sqlite3')).default;
    const db = new SQLite(server.dbFile);
    db.prepare('UPDATE users SET planType = ? WHERE username = ?').run('pro', username);
    const proUpload = await upload(pro, heavy);
    const batch = await Promise.all(
      Array.from({ length: 200 }, (_, i) => create(pro, proUpload.ticket.objectPath, i)),
    );
    const batchIds = batch.filter((r) => r.status === 201).map((r) => r.body.id);

    const others = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const client = new Client(server.url);
        return { client, id: (await start(client, await logoPng(120), {}, 'logo.png')).id };
      }),
    );
    const waits = await Promise.all(
      others.map(async ({ client, id }) => {
        const started = performance.now();
        while ((await client.get<Conversion>(`/api/conversions/${id}`)).body.status === 'pending')
          await sleep(50);
        return (performance.now() - started) / 1000;
      }),
    );
    const waiting = db
      .prepare(
        `SELECT count(*) AS n FROM conversions WHERE status = 'pending' AND id IN (${batchIds.map(() => '?').join(',')})`,
      )
      .get(...batchIds) as { n: number };
    db.close();
    return {
      burstStatuses: burst.map((r) => r.status),
      retryAfter: Number(refused?.headers.get('retry-after') ?? 0),
      refusal: (refused?.body as { message?: string } | undefined)?.message ?? '',
      batchStatuses: batch.map((r) => r.status),
      waits,
      batchWaitingThen: waiting.n,
    };
  });
}

export interface IdleFigures {
  /** The server's memory (RSS, MB) on start, at its busiest, and once idle again. */
  started: number;
  busiest: number;
  idle: number;
  /** Seconds from the last answer until the memory settled. */
  settledAfter: number;
}

/**
 * The embedded server's memory once the work is over: a visitor's three color traces of large
 * images and their previews, then idle until the trace and file threads have ended (after
 * `threadIdleMs`, THREAD_IDLE_MS; the product's default unless given).
 */
export function idleMemory(threadIdleMs?: number): Promise<IdleFigures> {
  const env: Record<string, string> =
    threadIdleMs === undefined ? {} : { THREAD_IDLE_MS: String(threadIdleMs) };
  return withEmbeddedServer(env, async (server) => {
    const started = server.rssMb();
    const threadsAtStart = server.threads();
    let busiest = started;
    const sampler = setInterval(() => {
      busiest = Math.max(busiest, server.rssMb());
    }, 50);
    const client = new Client(server.url);
    const ids: string[] = [];
    for (const image of [await noisePng(1500), await logoPng(2000), await noisePng(1200, 2)]) {
      ids.push((await outcome(client, (await start(client, image, { mode: 'color' })).id)).id);
    }
    for (const id of ids) {
      await (
        await fetch(`${server.url}/api/preview/${id}`, { headers: { cookie: client.cookieHeader } })
      ).arrayBuffer();
    }
    clearInterval(sampler);
    const done = performance.now();
    // Settled: the pools' threads are gone and the memory holds still for 5 s (at most 3 minutes).
    let last = server.rssMb();
    let still = 0;
    while (performance.now() - done < 180_000 && (still < 5 || server.threads() > threadsAtStart)) {
      await sleep(1000);
      const now = server.rssMb();
      still = Math.abs(now - last) < 2 ? still + 1 : 0;
      last = now;
    }
    return { started, busiest, idle: last, settledAfter: (performance.now() - done) / 1000 };
  });
}

export interface KillFigures {
  rounds: number;
  /** Conversions the server answered 201 for before it was killed. */
  acknowledged: number;
  /** Acknowledged conversions not in the database afterwards: none, if the promise holds. */
  lost: string[];
  /** What `integrity_check` and `journal_mode` said after each kill that was not "ok" and "wal". */
  faults: string[];
}

/**
 * The embedded database's promise (WAL, synchronous=NORMAL: durable across application crashes):
 * the server is killed with SIGKILL `rounds` times while four users start conversions, at a
 * random moment 150-500 ms in, and the database is read after each kill.
 */
export async function killsUnderWrites(rounds: number): Promise<KillFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vectrace-integrity-'));
  const figures: KillFigures = { rounds, acknowledged: 0, lost: [], faults: [] };
  const acknowledged: string[] = [];
  try {
    const png = await logoPng(64);
    for (let round = 0; round < rounds; round++) {
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
      await sleep(150 + Math.random() * 350);
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(writers);

      const file = new SQLite(join(dataDir, 'vectrace.db'));
      try {
        const integrity = file.pragma('integrity_check', { simple: true });
        const journal = file.pragma('journal_mode', { simple: true });
        if (integrity !== 'ok' || journal !== 'wal') figures.faults.push(`${integrity} ${journal}`);
        const ids = new Set(file.prepare('select id from conversions').pluck().all());
        figures.lost = acknowledged.filter((id) => !ids.has(id));
      } finally {
        file.close();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  figures.acknowledged = acknowledged.length;
  return figures;
}

/**
 * Check 59 on the embedded default: while one owner's four costliest traces run (two workers; an
 * owner traces one at a time), another owner asks for a 512 px logo.
 */
export function otherOwnerBehindCostly(): Promise<BehindCostlyFigures> {
  return withEmbeddedServer({ TRACE_WORKERS: '2' }, async (server) => {
    const heavy = new Client(server.url);
    await register(heavy);
    const noise = await colorNoise(900);
    const costly: string[] = [];
    for (let i = 0; i < 4; i++) costly.push((await start(heavy, noise, COSTLY, 'noise.jpg')).id);
    while ((await heavy.get<Conversion>(`/api/conversions/${costly[0]}`)).body.status === 'pending')
      await sleep(100);
    const other = new Client(server.url);
    await register(other);
    const asked = Date.now();
    const logo = await start(other, await logoPng(512), {}, 'logo.png');
    await outcome(other, logo.id);
    const logoSeconds = (Date.now() - asked) / 1000;
    let costlyDone = 0;
    for (const id of costly)
      if ((await heavy.get<Conversion>(`/api/conversions/${id}`)).body.status === 'completed') costlyDone++;
    return { logoSeconds, costlyDone };
  });
}
