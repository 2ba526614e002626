import { availableParallelism, cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCALE_OUT_SECTION, writeSection } from './results-section.js';

// `npm run bench:scale-out`: the figures of the scaled-out layout (two API and two worker
// processes on PostgreSQL, Redis and an S3 server) into bench/RESULTS.md. Needs the built server
// and the PostgreSQL and Redis of DATABASE_URL and REDIS_URL (default: this machine's).
process.env.VECTRACE_TEST_POSTGRES ??= process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.VECTRACE_TEST_REDIS ??= process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const { conversionsPerMinute, pollWhileTracing } = await import(
  '../apps/server/test/support/scale-out-load.js'
);

const started = Date.now();
const polling = await pollWhileTracing(20);
console.error(`polling: ${JSON.stringify(polling)}`);
const one = await conversionsPerMinute(1);
const two = await conversionsPerMinute(2);
console.error(`conversions a minute: ${one.toFixed(1)} with one worker process, ${two.toFixed(1)} with two`);

const body = `- Date: ${new Date().toISOString()}, ${Math.round((Date.now() - started) / 1000)} s
- Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; PostgreSQL, Redis, the S3 server (s3rver), the processes and the load generator all on it, over loopback
- Layout: two API processes (\`npm start\`, TRACE_WORKERS=0) and worker processes (\`npm run worker\`, one trace at a time each), as in compose.yaml

**Polling while tracing** (autocannon, 50 connections for ${polling.seconds} s, 25 on each API process, \`GET /api/conversions/{id}\` and \`GET /api/user\`; two worker processes tracing 12 noise images of 1200 px queued before: ${polling.completed} completed during the run, ${polling.stillBusy} still queued or tracing at its end; traces run at nice 10, so the API processes keep the cores they need):

| requests | throughput | p50 | p99 | max | errors | non-2xx |
|---:|---:|---:|---:|---:|---:|---:|
| ${polling.requests} | ${Math.round(polling.requests / polling.seconds)}/s | ${polling.p50} ms | ${polling.p99} ms | ${polling.max} ms | ${polling.errors} | ${polling.non2xx} |

Latencies are the worse of the two API processes' own percentiles. Target: p99 under 100 ms.

**Conversions a minute** (24 images of 900 px noise, queued first, from the workers' start to the last result):

| worker processes | conversions a minute |
|---:|---:|
| 1 | ${one.toFixed(1)} |
| 2 | ${two.toFixed(1)} |
`;
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
await writeSection(file, SCALE_OUT_SECTION, body);
console.error(`Wrote the "${SCALE_OUT_SECTION}" section of ${path.relative(process.cwd(), file)}`);
