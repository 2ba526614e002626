import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import type { apiLimits } from '../limits/api-keys.js';
import type { exportLimits } from '../limits/export-limits.js';

/** What each resource of /api/v1 is given: the server's parts, and what its routes share. */
export interface ApiDeps {
  deps: Deps;
  /** Counts a call against the key's limits of the minute, one count across every route. */
  take: ReturnType<typeof apiLimits>;
  /** The owner's files written again in a file worker: per minute and at once. */
  exportsOf: ReturnType<typeof exportLimits>;
  /** The route option that reads the bearer key before anything else. */
  withKey: { onRequest: (request: FastifyRequest) => Promise<void> };
}
