import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/**
 * Every limit the server holds, read in one place. The numbers an operator sets (quotas, export
 * limits, the API's calls, the per-address caps) are read from the environment in config.ts and
 * given to their routes here; the fixed ones are written here. They are enforced by:
 * - quotas.ts: each free owner's conversions, images and kept results, counted in the database;
 * - export-limits.ts: files, ZIPs and previews per owner and minute, and exports at once;
 * - api-keys.ts: the developer API's calls and reads per key and minute;
 * - owner-slots.ts: what one owner has under way at once, in this process or in Redis;
 * - routeLimits below: each route's cap per address (the rate-limit plugin's route config).
 * Failed logins are slowed and refused by their own rules (auth/throttle.ts).
 */
export type { ExportLimits, Quotas } from '../../config.js';

/** Exports one owner may have under way at once; more wait for them to finish (429). */
export const EXPORTS_AT_ONCE = 2;
/** ZIPs one owner may have being written at once. */
export const ZIPS_AT_ONCE = 1;
/** Renders one owner may have under way at once; cached previews are not counted. */
export const RENDERS_AT_ONCE_PER_OWNER = 2;
/** Progress streams one owner may hold open at once. */
export const MAX_STREAMS_PER_OWNER = 8;
/** Reads of jobs and results per API key and minute: polling every second fits easily. */
export const READS_PER_MINUTE = 600;

const isPro = (request: FastifyRequest) => request.user?.planType === 'pro';

const perAddress = (max: number, timeWindow: string, allowList?: RateLimitOptions['allowList']) => ({
  config: { rateLimit: { max, timeWindow, ...(allowList && { allowList }) } },
});

/** Each route's cap per address, as route options: `app.post(path, limits.register, handler)`. */
export function routeLimits(config: Config) {
  return {
    register: perAddress(config.registerLimitPerIp, '15 minutes'),
    /** The account's routes that take a password: bounded like logins, so they cannot guess one. */
    accountPassword: perAddress(10, '15 minutes'),
    unlock: perAddress(30, '1 minute'),
    restore: perAddress(30, '1 minute'),
    payments: perAddress(30, '1 minute'),
    /** Upload URLs asked for; Pro accounts are not counted. */
    upload: perAddress(config.uploadsPerMinute, '1 minute', isPro),
    /** Beside each owner's quota (a visitor who drops its cookie is a new owner); Pro is not counted. */
    startConversion: perAddress(config.conversionsPerMinute, '1 minute', isPro),
  };
}
