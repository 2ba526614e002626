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

/** A measurement of 2026-11-29 kept with the section: why the scaled-out figures fell. */
const SCALED_OUT_REGRESSION = `The scaled-out regression (issue 40, item 9: polling p99 50 ms and two workers at 96.1 conversions a minute on 2026-11-24, 209 ms and 53.9 on 2026-11-27) is the machine's, not Node 22's or the code's. On 2026-11-29, on one machine, the same scenarios:

| code | Node | polling: requests in 20 s, p99 | conversions a minute, 1 and 2 worker processes |
|---|---|---:|---:|
| 9746694 (2026-11-24, the 50 ms run) | 20.20.2 | 14652, 198 ms | 22.1, 33.3 |
| 2f38514 (now) | 20.20.2 | 13762, 242 ms | |
| 2f38514 (now) | 22.23.3 | 10389, 258 ms | 33.6, 51.7 |

The code of the 50 ms run gives 198 ms and a third of its throughput on this machine: the machines these runs land on differ by about three times. Today's code traces faster than that code on the same machine (51.7 conversions a minute against 33.3) and polls within the spread of the old one; Node 22 answers about a quarter fewer polls than Node 20 at the same p99. The target (p99 under 100 ms) is met by neither code on this machine.`;

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
const behind = step('behind costly traces', await embedded.otherOwnerBehindCostly());
const clusterPolling = step('scaled-out polling', await scaledOut.pollWhileTracing(20));
const clusterBehind = step('scaled-out behind costly traces', await scaledOut.otherOwnerBehindCostly());
const one = step('one worker process', await scaledOut.traceBatch(1));
const two = step('two worker processes', await scaledOut.traceBatch(2));
const longestWait = Math.max(...fairness.waits);
const costly = '900 px color noise, 32 colors and true shapes';

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
| 59, embedded | another owner's 512 px logo, asked while one owner's four costliest traces (${costly}) run on two workers (${behind.costlyDone} of the four done by then) | ${behind.logoSeconds.toFixed(1)} s from its request to its result | within 10 s | ${met(behind.logoSeconds < 10)} |
| 59, scaled out | the same on two worker processes (\`OWNER_TRACES\` 1; ${clusterBehind.costlyDone} of the four done by then) | ${clusterBehind.logoSeconds.toFixed(1)} s | within 10 s | ${met(clusterBehind.logoSeconds < 10)} |
| memory | the embedded server idle after color traces of large images and their previews (${mb(idle.started)} at start, ${mb(idle.busiest)} at its busiest; settled after ${Math.round(idle.settledAfter)} s) | ${mb(idle.idle)} | under 400 MB | ${met(idle.idle < 400)} |
| durability | the embedded server killed with SIGKILL ${kills.rounds} times while four users start conversions (${kills.acknowledged} acknowledged) | ${kills.faults.length} integrity faults, ${kills.lost.length} acknowledged conversions lost | none | ${met(kills.faults.length === 0 && kills.lost.length === 0)} |
| 40, scaled out | conversions a minute of 24 images of 900 px noise, from the workers' start to the last result | 1 worker process ${one.perMinute.toFixed(1)}, 2 worker processes ${two.perMinute.toFixed(1)} (${(two.perMinute / one.perMinute).toFixed(2)}x) | two faster than one by 1.3x | ${met(two.perMinute > one.perMinute * 1.3)} |
`;
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
await writeSection(file, LOAD_SECTION, `${body}\n${SCALED_OUT_REGRESSION}`);
console.error(`Wrote the "${LOAD_SECTION}" section of ${path.relative(process.cwd(), file)}`);
