import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { readiness } from './readiness.js';

/**
 * GET /healthz: liveness, 200 while the process answers (restart it when it does not).
 * GET /readyz: readiness, 200 while the database, Redis and the store answer, else 503 naming
 * what is away (send it no traffic meanwhile).
 */
export async function healthRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness(deps);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });
}
