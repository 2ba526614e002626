import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planTypeOf } from '../../auth/queries.js';
import { READS_PER_MINUTE } from '../../limits/index.js';
import { quotaUsage } from '../../limits/quotas.js';
import type { ApiDeps } from '../api-deps.js';
import { errorResponses } from '../openapi.js';
import { type Account, accountSchema } from './schemas.js';

/** `GET /api/v1/account`: the key's account, its plan, and what is left of its limits. */
export function apiAccountRoutes(root: FastifyInstance, { deps, take, withKey }: ApiDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/account',
    {
      ...withKey,
      schema: {
        operationId: 'getAccount',
        tags: ['Account'],
        summary: 'Read the account',
        description: 'The key’s account: its plan, its limits, and what is left of them now.',
        response: { 200: accountSchema, ...errorResponses(401, 429, 500, 503) },
      },
    },
    async (request, reply): Promise<Account> => {
      await take(request, reply, 'read');
      const { user } = request.apiKey as NonNullable<typeof request.apiKey>;
      const pro = (await planTypeOf(deps.db, user.id)) === 'pro';
      const used = await quotaUsage(deps.db, { userId: user.id }, deps.clock());
      const q = deps.config.quotas;
      const of = (n: number, limit: number) =>
        pro
          ? { limit: null, used: n, remaining: null }
          : { limit, used: n, remaining: Math.max(0, limit - n) };
      return {
        username: user.username,
        plan: pro ? 'pro' : 'free',
        proUntil: pro && user.subscriptionCancelAtPeriodEnd ? user.subscriptionPeriodEnd : null,
        perKeyPerMinute: {
          live: deps.config.api.callsPerMinute,
          test: deps.config.api.testCallsPerMinute,
          reads: READS_PER_MINUTE,
        },
        quotas: {
          tracesThisMinute: of(used.tracesThisMinute, q.tracesPerMinute),
          tracesThisHour: of(used.tracesThisHour, q.tracesPerHour),
          imagesThisHour: of(used.imagesThisHour, q.imagesPerHour),
          resultsKept: of(used.resultsKept, q.resultsKept),
        },
      };
    },
  );
}
