import type { Conversion } from '@vectrace/contract';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { type Cluster, conversionRows, startCluster, until } from './cluster.js';
import { register, upload } from './flows.js';
import { logoPng, noisePng } from './images.js';

// The load scenarios of the scaled-out layout (RELIABILITY 38 and 40 with several processes): the
// scale-out load test asserts what they show about behaviour, `npm run bench:load` writes their
// figures to bench/RESULTS.md.

export interface PollingFigures {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** Of the conversions queued before, those still queued or tracing when polling ended (busy throughout). */
  stillBusy: number;
  /** Of them, those the workers completed meanwhile. */
  completed: number;
}

/**
 * Two worker processes kept busy while 50 connections, half on each of two API processes, poll
 * GET /api/conversions/{id} and GET /api/user for `seconds`.
 */
export async function pollWhileTracing(seconds = 20): Promise<PollingFigures> {
  const cluster = await startCluster({ apis: 2, workers: 2, keepLogs: false });
  try {
    const client = cluster.client(0);
    await register(client);
    const noise = await noisePng(1200);
    const busy: string[] = [];
    for (let i = 0; i < 12; i++) busy.push(await start(client, noise));
    const polled = await start(client, await logoPng());
    const runs = await Promise.all(
      [0, 1].map((api) =>
        autocannon({
          url: cluster.apis[api].url,
          connections: 25,
          duration: seconds,
          headers: { cookie: client.cookieHeader },
          requests: [{ path: `/api/conversions/${polled}` }, { path: '/api/user' }],
        }),
      ),
    );
    const statuses = await cluster.db
      .selectFrom('conversions')
      .select('status')
      .where('id', 'in', busy)
      .execute();
    const count = (...wanted: string[]) => statuses.filter((row) => wanted.includes(row.status)).length;
    const sum = (pick: (run: autocannon.Result) => number) =>
      runs.reduce((total, run) => total + pick(run), 0);
    return {
      requests: sum((run) => run.requests.total),
      seconds,
      // Each API process's own percentiles; the figure is the worse of the two.
      p50: Math.max(...runs.map((run) => run.latency.p50)),
      p99: Math.max(...runs.map((run) => run.latency.p99)),
      max: Math.max(...runs.map((run) => run.latency.max)),
      errors: sum((run) => run.errors),
      non2xx: sum((run) => run.non2xx),
      stillBusy: count('pending', 'processing'),
      completed: count('completed'),
    };
  } finally {
    await cluster.close();
  }
}

export interface BatchFigures {
  /** Conversions a minute, from the workers' start to the last result. */
  perMinute: number;
  /** The most conversions seen tracing at once (the database is looked at once a second). */
  mostAtOnce: number;
}

/** A batch of `count` images traced by `workers` worker processes. */
export async function traceBatch(workers: number, count = 24): Promise<BatchFigures> {
  const cluster = await startCluster({
    apis: 1,
    workers: 0,
    keepLogs: false,
    env: {
      UPLOADS_PER_MINUTE: '1000',
      CONVERSIONS_PER_MINUTE: '1000',
      QUOTA_TRACES_PER_MINUTE: '1000',
    },
  });
  try {
    const client = cluster.client(0);
    await register(client);
    await cluster.db.updateTable('users').set({ planType: 'pro' }).execute();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await start(client, await noisePng(900, i + 1)));
    // From the workers' start (about a second, the same for each) to the last result.
    const began = Date.now();
    cluster.workers.push(
      ...(await Promise.all(Array.from({ length: workers }, () => cluster.startWorker()))),
    );
    // Watched in the database, once a second: polling would take CPU from the workers measured.
    const rows = () => cluster.db.selectFrom('conversions').select(['status', 'errorMessage']).execute();
    let mostAtOnce = 0;
    await until(
      async () => {
        const now = await rows();
        mostAtOnce = Math.max(mostAtOnce, now.filter((row) => row.status === 'processing').length);
        return now.every((row) => row.status === 'completed' || row.status === 'failed');
      },
      600_000,
      'the batch',
      1000,
    );
    const ended = Date.now();
    const failed = (await rows()).filter((row) => row.status !== 'completed');
    if (failed.length) throw new Error(`${failed.length} conversions failed: ${failed[0].errorMessage}`);
    return { perMinute: (count / (ended - began)) * 60_000, mostAtOnce };
  } finally {
    await cluster.close();
  }
}

// In black and white by default, the workload these figures were measured with (the automatic
// mode reads noise as color, a heavier trace).
async function start(
  client: ReturnType<Cluster['client']>,
  bytes: Buffer,
  settings: object = { mode: 'bw' },
  originalFileName = 'image.png',
): Promise<string> {
  const { ticket, put } = await upload(client, bytes);
  if (put.status !== 200) throw new Error(`upload refused (${put.status}): ${JSON.stringify(put.body)}`);
  const created = await client.post<Conversion>('/api/conversions', {
    originalFileName,
    originalFileUrl: ticket.objectPath,
    settings,
  });
  if (created.status !== 201) throw new Error(`conversion not created: ${created.text}`);
  return created.body.id;
}

/** The costliest settings a free owner can send (`npm run bench:budget`), on 900 px noise. */
export const COSTLY = { mode: 'color', colors: 32, shapes: true } as const;

export interface BehindCostlyFigures {
  /** From the other owner's request to its logo's result, in seconds. */
  logoSeconds: number;
  /** Of the costly owner's four conversions, those done when the logo was. */
  costlyDone: number;
}

/**
 * Check 59 scaled out: while one owner's four costliest traces keep two worker processes busy
 * (OWNER_TRACES 1, one fewer than they trace at once), another owner asks for a 512 px logo.
 */
export async function otherOwnerBehindCostly(): Promise<BehindCostlyFigures> {
  const cluster = await startCluster({ apis: 1, workers: 2, keepLogs: false, env: { OWNER_TRACES: '1' } });
  try {
    const heavy = cluster.client(0);
    await register(heavy);
    const noise = await noiseJpeg(900);
    const costly: string[] = [];
    for (let i = 0; i < 4; i++) costly.push(await start(heavy, noise, COSTLY, 'noise.jpg'));
    await until(
      async () => (await conversionRows(cluster, costly)).some((row) => row.status === 'processing'),
      60_000,
      'a costly trace under way',
    );
    const other = cluster.client(0);
    await register(other);
    const asked = Date.now();
    const logo = await start(other, await logoPng(512), {});
    await until(
      async () => (await conversionRows(cluster, [logo]))[0]?.status === 'completed',
      600_000,
      'the logo',
      100,
    );
    const logoSeconds = (Date.now() - asked) / 1000;
    const rows = await conversionRows(cluster, costly);
    return { logoSeconds, costlyDone: rows.filter((row) => row.status === 'completed').length };
  } finally {
    await cluster.close();
  }
}

/** Color noise as a JPEG, the same on every run. */
export async function noiseJpeg(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    raw[i] = seed >>> 24;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
