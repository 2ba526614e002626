import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { READS_PER_MINUTE } from './index.js';
import { waitInWords } from './too-many.js';

/** A call in either of the API's modes, or a read of a job or result. */
type Check = 'live' | 'test' | 'read';

/**
 * Per-key limits of the API, each with the `RateLimit-*` headers of the IETF draft on every
 * answer and `Retry-After` on the 429. They come on top of the owner's quotas (quotas.ts).
 */
export function apiLimits(app: FastifyInstance, config: Config) {
  const limiter = (check: Check, max: number) =>
    app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `api:${request.apiKey?.id}:${check}`,
    });
  const limiters: Record<Check, ReturnType<typeof limiter>> = {
    live: limiter('live', config.api.callsPerMinute),
    test: limiter('test', config.api.testCallsPerMinute),
    read: limiter('read', READS_PER_MINUTE),
  };

  return async function take(request: FastifyRequest, reply: FastifyReply, check: Check) {
    const limit = await limiters[check](request);
    if (limit.isAllowed) return;
    const reset = Math.max(1, Math.ceil(limit.ttl / 1000));
    reply.header('ratelimit-limit', String(limit.max));
    reply.header('ratelimit-remaining', String(Math.max(0, limit.remaining)));
    reply.header('ratelimit-reset', String(reset));
    if (limit.isExceeded) {
      const what = check === 'read' ? 'reads of jobs' : `${check} calls`;
      throw new AppError(
        429,
        'rate_limited',
        `This key has made its ${limit.max} ${what} of this minute. Try again in ${waitInWords(reset)}.`,
        { 'retry-after': String(reset) },
      );
    }
  };
}
