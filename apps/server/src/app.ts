import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from './config.js';
import type { Deps } from './deps.js';
import { answerNotFound, registerErrorHandler } from './errors.js';
import { accountRoutes } from './features/account/routes.js';
import { apiKeyRoutes } from './features/api-keys/routes.js';
import { apiV1Routes } from './features/api-v1/routes.js';
import { installIdentity } from './features/auth/identity.js';
import { authRoutes } from './features/auth/routes.js';
import { conversionRoutes } from './features/conversions/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { paymentRoutes } from './features/payments/routes.js';
import { sandboxRoutes } from './features/payments/sandbox-routes.js';
import { webhookRoutes } from './features/payments/webhook-routes.js';
import { outboxPage } from './features/receipts/outbox-page.js';
import { receiptRoutes } from './features/receipts/routes.js';
import { resultRoutes } from './features/results/routes.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { isPageRequest, sendPage, serveWebApp } from './features/web/routes.js';
import { measureRequests, metricsRoute } from './metrics.js';
import { installSecurity } from './security.js';
import { limitSlowClients, requestDeadlines } from './slow-clients.js';
import { fastifyTrustProxy } from './trust-proxy.js';

/**
 * Lines for people on a terminal, a JSON object a line elsewhere (a log collector), unless
 * LOG_FORMAT says. Production logs JSON even on a terminal (`docker run -t`, a console attached to
 * a service): its lines are for the collector first.
 */
export function prettyLogs(
  format: 'pretty' | 'json' | undefined,
  terminal: boolean,
  env: Config['env'] = 'development',
): boolean {
  return format === undefined ? terminal && env !== 'production' : format === 'pretty';
}

/** Pino options: request ids, and no cookies, signatures or passwords in the logs. */
export function loggerOptions(
  level: string,
  { format, env }: { format?: Config['logFormat']; env?: Config['env'] } = {},
): FastifyServerOptions['logger'] {
  const pretty = prettyLogs(format, Boolean(process.stdout.isTTY), env);
  return {
    level,
    ...(pretty && {
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
      },
    }),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { id: string; method: string; url: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.replace(/([?&](?:signature|sig)=)[^&]*/g, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}

// One log line per request, written when it completes, instead of Fastify's two.
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Health checks and scrapes come every few seconds: answered, not logged.
    if (!error && quiet.has(request.url)) return;
    const entry = { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    // A failed request's error was logged, with its stack, by the error handler (errors.ts).
    if (error) reply.log.warn(entry, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}

const quiet = new Set(['/healthz', '/readyz', '/metrics']);
const personal = /^\/(api|objects)\//;

/** Builds the HTTP app on its dependencies; it never listens (see server.ts). */
export async function buildApp(deps: Deps, logger: FastifyServerOptions['logger']): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
    http: requestDeadlines,
    requestTimeout: requestDeadlines.requestTimeout,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
  });
  // Once shutdown starts, answers close their connection: a kept-alive socket would otherwise
  // hold the server open until its keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    // Answers of the API and files are personal: never kept by a shared or back-button cache,
    // unless a route says otherwise (thumbnails, kept privately).
    if (personal.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  registerErrorHandler(app);
  measureRequests(app, deps.metrics);
  metricsRoute(app, deps.metrics, deps.config.metricsToken);
  limitSlowClients(app, {
    bodyWindowMs: deps.config.bodyTimeoutMs,
    connectionsPerAddress: deps.config.connectionsPerAddress,
    behindProxy: deps.config.trustProxy !== false,
  });
  await installSecurity(app, deps.config);
  // JSON and pages compressed as they go (brotli at a quick level); built assets are compressed
  // once at build time and served as they are.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie, { secret: deps.config.secret });
  // Scaled out, every process counts in Redis, so a limit holds across them; should Redis be
  // away, requests pass rather than fail (the quotas in the database still hold).
  const { redis } = deps;
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: `${deps.config.redis?.prefix}:rate:`, skipOnError: true }),
  });
  installIdentity(app, deps);

  for (const routes of [
    healthRoutes,
    authRoutes,
    accountRoutes,
    apiKeyRoutes,
    apiV1Routes,
    uploadRoutes,
    conversionRoutes,
    resultRoutes,
    paymentRoutes,
    webhookRoutes,
    receiptRoutes,
    outboxPage,
  ]) {
    await app.register(routes, deps);
  }
  const { sandbox } = deps;
  if (sandbox) await app.register(sandboxRoutes, { ...deps, sandbox });
  // Page addresses get the web app (its router shows the not-found page); the rest a JSON 404.
  const index = await serveWebApp(app, deps.config);
  // A route rather than the not-found handler, so that pages are compressed like any answer.
  if (index) {
    app.get('/*', async (request, reply) =>
      isPageRequest(request) ? sendPage(request, reply, index, deps.config) : answerNotFound(request, reply),
    );
  }
  app.setNotFoundHandler(answerNotFound);
  return app;
}
