import { conversionListQuerySchema, createConversionSchema, idParamsSchema } from '@vectrace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { ownerFirst } from '../auth/identity.js';
import { routeLimits } from '../limits/index.js';
import { requireOwner } from '../owner.js';
import { createConversion } from './create-conversion.js';
import { deleteConversionFiles } from './delete-files.js';
import { streamConversion } from './events.js';
import { ownedConversion } from './owned-conversion.js';
import { listOwnedConversions } from './queries.js';
import { toConversion } from './to-conversion.js';

const byId = { schema: { params: idParamsSchema } };
const isPro = (request: FastifyRequest) => request.user?.planType === 'pro';

/** Conversions: create, read, list, follow and delete. Every route is for the owner only. */
export async function conversionRoutes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const owned = (request: FastifyRequest, id: string) => ownedConversion(db, request, id);

  app.post(
    '/api/conversions',
    { ...routeLimits(config).startConversion, ...ownerFirst, schema: { body: createConversionSchema } },
    async (request, reply) => {
      const row = await createConversion(deps, requireOwner(request), request.body);
      reply.code(201);
      return toConversion(deps, row, isPro(request));
    },
  );

  // A browser with neither cookie has made nothing yet: an empty list, not an error.
  // A page at a time, newest first; the Link header names the next page (RFC 8288). Only those
  // whose files are kept: the history lists what can still be opened (for 24 hours at most).
  app.get(
    '/api/conversions',
    { schema: { querystring: conversionListQuerySchema } },
    async (request, reply) => {
      const page = request.query;
      if (!request.user && !request.visitorId) return [];
      const rows = await listOwnedConversions(db, requireOwner(request), { ...page, keptOnly: true });
      const shown = rows.slice(0, page.limit);
      if (rows.length > page.limit) {
        const next = `/api/conversions?limit=${page.limit}&before=${shown[shown.length - 1].id}`;
        reply.header('link', `<${next}>; rel="next"`);
      }
      return Promise.all(shown.map((row) => toConversion(deps, row, isPro(request))));
    },
  );

  app.get('/api/conversions/:id', byId, async (request) =>
    toConversion(deps, await owned(request, request.params.id), isPro(request)),
  );

  // A result deleted at its owner's request: its files go at once (the same deletion as the
  // developer API's), the row stays, marked deleted, and leaves the list.
  app.delete('/api/conversions/:id', byId, async (request, reply) => {
    await deleteConversionFiles(deps, await owned(request, request.params.id));
    return reply.code(204).send();
  });

  // Open streams end when the server closes, or they would hold its shutdown for minutes.
  const shutdown = new AbortController();
  app.addHook('preClose', async () => shutdown.abort());
  app.get('/api/conversions/:id/events', byId, async (request, reply) => {
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
