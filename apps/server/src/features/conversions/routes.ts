import { conversionListQuerySchema, createConversionSchema } from '@vectrace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { parse } from '../../errors.js';
import { requireOwner } from '../auth/identity.js';
import { createConversion } from './create-conversion.js';
import { streamConversion } from './events.js';
import { ownedConversion } from './owned-conversion.js';
import { listOwnedConversions } from './queries.js';
import { toConversion } from './to-conversion.js';

type ById = { Params: { id: string } };
const isPro = (request: FastifyRequest) => request.user?.planType === 'pro';

/** Conversions: create, read, list and follow. Every route is for the owner only. */
export async function conversionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const owned = (request: FastifyRequest, id: string) => ownedConversion(db, request, id);

  // Per address, beside each owner's quota (a visitor who drops its cookie is a new owner).
  const perMinute = {
    config: { rateLimit: { max: config.conversionsPerMinute, timeWindow: '1 minute', allowList: isPro } },
  };
  app.post('/api/conversions', perMinute, async (request, reply) => {
    const owner = requireOwner(request);
    const row = await createConversion(deps, owner, parse(createConversionSchema, request.body));
    reply.code(201);
    return toConversion(db, row, isPro(request));
  });

  // A browser with neither cookie has made nothing yet: an empty list, not an error.
  // A page at a time, newest first; the Link header names the next page (RFC 8288).
  app.get('/api/conversions', async (request, reply) => {
    const page = parse(conversionListQuerySchema, request.query);
    if (!request.user && !request.visitorId) return [];
    const rows = await listOwnedConversions(db, requireOwner(request), page);
    const shown = rows.slice(0, page.limit);
    if (rows.length > page.limit) {
      const next = `/api/conversions?limit=${page.limit}&before=${shown[shown.length - 1].id}`;
      reply.header('link', `<${next}>; rel="next"`);
    }
    return Promise.all(shown.map((row) => toConversion(db, row, isPro(request))));
  });

  app.get<ById>('/api/conversions/:id', async (request) =>
    toConversion(db, await owned(request, request.params.id), isPro(request)),
  );

  // Open streams end when the server closes, or they would hold its shutdown for minutes.
  const shutdown = new AbortController();
  app.addHook('preClose', async () => shutdown.abort());
  app.get<ById>('/api/conversions/:id/events', async (request, reply) => {
    const row = await owned(request, request.params.id);
    await streamConversion(
      deps,
      request,
      reply,
      requireOwner(request),
      row.id,
      isPro(request),
      shutdown.signal,
    );
  });
}
