import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from './clock.js';
import type { Db } from './db/index.js';
import { waitingSummary } from './features/conversions/queries.js';
import type { FileWorkers } from './features/results/file-workers.js';

/** Why a trace attempt did not complete, for the failures counter. */
export type FailureReason = 'refused' | 'file_gone' | 'out_of_memory' | 'time_limit' | 'unexpected';

/** What this process measures, in Prometheus's terms, on a registry of its own. */
export interface Metrics {
  registry: Registry;
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  traceSeconds: Histogram;
  traceFailures: Counter<'reason'>;
  fileWorkSeconds: Histogram<'kind'>;
}

/**
 * The process's metrics: Node's own, HTTP requests by route, traces and their failures, the
 * queue (read from the database when scraped: every process reports the same queue), and the
 * previews and exports drawn in the file workers.
 */
export function openMetrics(db: Db, clock: Clock): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  new Gauge({
    name: 'vectrace_queue_waiting',
    help: 'Conversions waiting to be traced.',
    registers,
    async collect() {
      this.set((await waitingSummary(db)).waiting);
    },
  });
  new Gauge({
    name: 'vectrace_queue_oldest_waiting_seconds',
    help: 'How long the oldest waiting conversion has waited (0 when none waits).',
    registers,
    async collect() {
      const { oldest } = await waitingSummary(db);
      this.set(oldest ? Math.max(0, (clock().getTime() - Date.parse(oldest)) / 1000) : 0);
    },
  });
  return {
    registry,
    requestSeconds: new Histogram({
      name: 'vectrace_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    traceSeconds: new Histogram({
      name: 'vectrace_trace_duration_seconds',
      help: 'Completed traces: from reading the upload to the stored result.',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
      registers,
    }),
    traceFailures: new Counter({
      name: 'vectrace_trace_failures_total',
      help: 'Trace attempts that did not complete, by reason (unexpected ones are retried).',
      labelNames: ['reason'],
      registers,
    }),
    fileWorkSeconds: new Histogram({
      name: 'vectrace_file_work_duration_seconds',
      help: 'Previews drawn (kind=preview) and files written (kind=export) in the file workers.',
      labelNames: ['kind'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
  };
}

/** The file workers, each render and export timed. */
export function measuredFiles(files: FileWorkers, metrics: Metrics): FileWorkers {
  const timed =
    <T>(kind: string, run: (task: T) => Promise<Buffer>) =>
    async (task: T) => {
      const end = metrics.fileWorkSeconds.startTimer({ kind });
      try {
        return await run(task);
      } finally {
        end();
      }
    };
  return {
    render: timed('preview', (task) => files.render(task)),
    export: timed('export', (task) => files.export(task)),
    close: () => files.close(),
  };
}

/** Every answer timed by its route pattern (never the address itself, which holds ids). */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestSeconds.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * GET /metrics in Prometheus's text format, for a scraper that sends `Authorization: Bearer
 * METRICS_TOKEN`; without the token set, or with another, it is not there (404).
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token || !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
      return reply.callNotFound();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
