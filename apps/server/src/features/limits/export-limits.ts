import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { ownerKeyOf, requireOwner } from '../owner.js';
import { EXPORTS_AT_ONCE } from './index.js';
import { tooMany } from './too-many.js';

/** Whose files a request asks for: the API key's account, or the site's signed-in user or visitor. */
export function ownerKeyOfRequest(request: FastifyRequest): string {
  return request.apiKey ? ownerKeyOf({ userId: request.apiKey.user.id }) : ownerKeyOf(requireOwner(request));
}

/**
 * The per-owner limits on files written or drawn in a file worker (config.ts ExportLimits): counted per
 * minute in this process, or in Redis across every process (the rate-limit plugin's store), and
 * at once through the owner's slots. Past either, 429 with Retry-After. A download of the stored
 * SVG as it is costs nothing and is not counted.
 */
export function exportLimits(app: FastifyInstance, deps: Deps) {
  const limits = deps.config.exportLimits;
  const perMinute = (kind: 'export' | 'zip' | 'preview', max: number) =>
    app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (r) => `${kind}:${ownerKeyOfRequest(r)}` });
  const exports = perMinute('export', limits.exportsPerMinute);
  const zips = perMinute('zip', limits.zipsPerMinute);
  const previews = perMinute('preview', limits.previewsPerMinute);

  const withinMinute = async (limiter: typeof exports, request: FastifyRequest, what: string) => {
    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooMany(
        `You have asked for ${limit.max} ${what} in the last minute, the most we allow`,
        limit.ttl,
      );
    }
  };

  return {
    /** Before one file is written in another format or size: its slot's release, or a 429. */
    async export(request: FastifyRequest): Promise<() => void> {
      await withinMinute(exports, request, 'files in another format or size');
      const release = await deps.slots.take('export', ownerKeyOfRequest(request), EXPORTS_AT_ONCE);
      if (!release) {
        throw tooMany(`${EXPORTS_AT_ONCE} of your files are being written already; wait for them`, 2000);
      }
      return release;
    },
    /** Before a ZIP (which holds its own slot, one at a time): a 429 past the minute's ZIPs. */
    zip: (request: FastifyRequest) => withinMinute(zips, request, 'ZIPs'),
    /** Before a preview (at most two drawn at once: previews.ts): a 429 past the minute's previews. */
    preview: (request: FastifyRequest) => withinMinute(previews, request, 'previews'),
  };
}
