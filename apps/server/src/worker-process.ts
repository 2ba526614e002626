import Fastify, { LogController } from 'fastify';
import { loggerOptions } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { readiness } from './features/health/readiness.js';
import { startMaintenance } from './maintenance.js';
import { metricsRoute, openMetrics } from './metrics.js';
import { openJobQueue } from './queue/index.js';
import { exitOnStartupProblem, startupProblem as startupProblemOf } from './startup.js';
import { openObjectStore } from './storage/index.js';
import { niceProcess } from './worker/nice.js';
import { startTracing } from './worker/tracing.js';

// `npm run worker`: a process that only traces, taking conversions from the BullMQ queue that the
// API processes (`npm start` with TRACE_WORKERS=0) fill. It serves nothing but, with HEALTH_PORT,
// GET /healthz, /readyz and (with METRICS_TOKEN) /metrics. Migrations are the API's and
// `npm run migrate`'s: a worker never changes the schema.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  if (!config.redis)
    throw new ConfigError(
      'REDIS_URL: a worker process takes its work from Redis; the embedded default traces in npm start',
    );
  if (config.trace.workers === 0)
    throw new ConfigError('TRACE_WORKERS: a worker process traces at least one conversion at a time');
} catch (err) {
  exitOnStartupProblem(err);
}

niceProcess();
// Health checks come every few seconds: they are answered, not logged.
const app = Fastify({
  logger: loggerOptions(config.logLevel, { format: config.logFormat, env: config.env }),
  logController: new LogController({ disableRequestLogging: true }),
});
const log = app.log;
const { db, dialect } = openDatabase(config, (err) => log.warn({ err }, 'idle database connection lost'));
const store = openObjectStore(config);
const clock = systemClock;
const queue = openJobQueue(config, db, clock, (err, conversionId) =>
  log.error({ err, conversionId }, 'queue error; the conversion is retried once its lease runs out'),
);
const maintenance = startMaintenance({ config, db, queue, clock, log });
try {
  await maintenance.ready;
} catch (err) {
  if (startupProblemOf(err, config)) exitOnStartupProblem(err, config);
  log.fatal({ err }, 'the database is not ready: is it reachable, and migrated (npm run migrate)?');
  process.exit(1);
}
const metrics = openMetrics(db, clock);
const tracing = startTracing({ config, db, store, queue, clock, log, metrics });

app.get('/healthz', async () => ({ status: 'ok' }));
// Ready while it can take work (Redis), read the uploads (the store) and record (the database).
app.get('/readyz', async (_request, reply) => {
  const { ready, checks } = await readiness({ db, queue, store, config });
  return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
});
metricsRoute(app, metrics, config.metricsToken);
try {
  if (config.healthPort !== undefined) await app.listen({ host: config.host, port: config.healthPort });
  else await app.ready();
} catch (err) {
  exitOnStartupProblem(err, { port: config.healthPort, portVariable: 'HEALTH_PORT' });
}
log.info(
  {
    database: dialect,
    storage: store.kind,
    queue: queue.kind,
    health: config.healthPort === undefined ? 'none (HEALTH_PORT unset)' : app.server.address(),
  },
  `Vectrace worker tracing ${config.trace.workers} at a time`,
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    log.info(`${signal}: shutting down`);
    try {
      await tracing.close();
      await maintenance.stop();
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  });
}
