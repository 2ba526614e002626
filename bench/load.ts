import { availableParallelism, cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_SECTION, writeSection } from './results-section.js';

// `npm run bench:load`: the timing targets of RELIABILITY.md's load and cost checks, measured on
// the embedded default and on the scaled-out layout (two API and two worker processes on
// PostgreSQL, Redis and an S3 server), into bench/RESULTS.md. `npm test` runs the same scenarios
// and asserts what they show about behaviour; the targets are here. Needs the built server and,
// for the scaled-out part, the PostgreSQL and Redis of DATABASE_URL and REDIS_URL (default: this
// machine's).
process.env.VECTRACE_TEST_POSTGRES ??= process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.VECTRACE_TEST_REDIS ??= process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const embedded = await import('../apps/server/test/support/embedded-load.js');
const scaledOut = await import('../apps/server/test/support/scale-out-load.js');

const started = Date.now();
const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (value: number) => `${Math.round(value)} MB`;
const met = (ok: boolean) => (ok ? 'met' : '**missed**');
const step = <T>(name: string, figures: T): T => {
  console.error(`${name}: ${JSON.stringify(figures)}`);
  return figures;
};

const polling = step('embedded polling', await embedded.pollWhileTracing(20));
const previews = step('previews', await embedded.previewsWhileLoggingIn());
const { burstStatuses: _burst, batchStatuses: _batch, ...fairness } = await embedded.burstAndBatch();
step('fairness', fairness);
const idle = step('idle memory', await embedded.idleMemory());
const kills = step('kills under writes', await embedded.killsUnderWrites(20));
const clusterPolling = step('scaled-out polling', await scaledOut.pollWhileTracing(20));
const one = step('one worker process', await scaledOut.traceBatch(1));
const two = step('two worker processes', await scaledOut.traceBatch(2));
const longestWait = Math.max(...fairness.waits);

const body = `- Date: ${new Date().toISOString()}, ${Math.round((Date.now() - started) / 1000)} s
- Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; the servers, PostgreSQL, Redis, the S3 server (s3rver) and the load generator all on it, over loopback
- \`npm test\` runs the same scenarios (\`apps/server/test/load.test.ts\`, \`scale-out/load.test.ts\`, \`sqlite-integrity.test.ts\`), shorter, and asserts behaviour with bounds ten times the targets; the targets and the long runs are here.

| check | what is measured | figure | target | |
|---|---|---:|---:|---|
| 38, embedded | 50 connections polling \`GET /api/conversions/{id}\` and \`/api/user\` for 20 s while both cores trace (${polling.requests} requests, ${polling.errors} errors, ${polling.non2xx} non-2xx) | p99 ${ms(polling.p99)} (p50 ${ms(polling.p50)}, max ${ms(polling.max)}) | p99 under 100 ms | ${met(polling.p99 < 100)} |
| 38, scaled out | the same, 25 connections on each of two API processes while two worker processes trace (${clusterPolling.requests} requests, ${clusterPolling.errors} errors; the worse process's percentiles) | p99 ${ms(clusterPolling.p99)} (p50 ${ms(clusterPolling.p50)}, max ${ms(clusterPolling.max)}) | p99 under 100 ms | ${met(clusterPolling.p99 < 100)} |
| 41 | a user logging in every 200 ms while 16 previews of a ${previews.resultMb.toFixed(1)} MB result are drawn at once (${previews.drawSeconds.toFixed(1)} s; 16 more from the store in ${ms(previews.cachedMs)}) | login p99 ${ms(previews.loginP99)} (p50 ${ms(previews.loginP50)}, ${previews.logins} logins) | p99 under 300 ms | ${met(previews.loginP99 < 300)} |
| 41 | the server's memory growth meanwhile | ${mb(previews.rssPeak - previews.rssBefore)} | under 300 MB | ${met(previews.rssPeak - previews.rssBefore < 300)} |
| 43 | three other owners' conversions, queued behind a visitor's burst of 200 and a Pro batch of 200, wait before a worker takes them up | at most ${longestWait.toFixed(1)} s (${fairness.waits.map((w) => w.toFixed(1)).join(', ')} s) | within 10 s | ${met(longestWait < 10)} |
| memory | the embedded server idle after color traces of large images and their previews (${mb(idle.started)} at start, ${mb(idle.busiest)} at its busiest; settled after ${Math.round(idle.settledAfter)} s) | ${mb(idle.idle)} | under 400 MB | ${met(idle.idle < 400)} |
| durability | the embedded server killed with SIGKILL ${kills.rounds} times while four users start conversions (${kills.acknowledged} acknowledged) | ${kills.faults.length} integrity faults, ${kills.lost.length} acknowledged conversions lost | none | ${met(kills.faults.length === 0 && kills.lost.length === 0)} |
| 40, scaled out | conversions a minute of 24 images of 900 px noise, from the workers' start to the last result | 1 worker process ${one.perMinute.toFixed(1)}, 2 worker processes ${two.perMinute.toFixed(1)} (${(two.perMinute / one.perMinute).toFixed(2)}x) | two faster than one by 1.3x | ${met(two.perMinute > one.perMinute * 1.3)} |
`;
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
await writeSection(file, LOAD_SECTION, body);
console.error(`Wrote the "${LOAD_SECTION}" section of ${path.relative(process.cwd(), file)}`);
