import { idParamsSchema, type ReceiptLinkAnswer, restoreSchema } from '@vectrace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { publicOrigin } from '../../public-origin.js';
import { expiredMessage } from '../../retention-policy.js';
import { ensureOwner } from '../auth/identity.js';
import { findOwnedConversion } from '../conversions/queries.js';
import { toConversion } from '../conversions/to-conversion.js';
import { routeLimits } from '../limits/index.js';
import { requireOwner } from '../owner.js';
import { endLinks, linkGenerationOf } from './queries.js';
import { endLink, restoreConversion } from './restore-conversion.js';
import { restoreLink } from './restore-link.js';

const isPro = (request: FastifyRequest) => request.user?.planType === 'pro';

/** The way back to a paid conversion: its link for the owner, and the link opened in any browser. */
export async function receiptRoutes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;

  const byId = { schema: { params: idParamsSchema } };
  /** The paid conversion of the request's owner whose link is asked for. */
  const paidOfOwner = async (request: FastifyRequest, id: string) => {
    const row = await findOwnedConversion(db, id, requireOwner(request));
    if (!row) throw notFound();
    if (row.expiredAt) throw new AppError(410, 'gone', expiredMessage(config));
    if (row.paymentStatus !== 'paid') {
      throw new AppError(
        409,
        'conflict',
        'This conversion is not paid for: its link comes with the payment.',
      );
    }
    return row;
  };
  app.get('/api/conversions/:id/receipt-link', byId, async (request): Promise<ReceiptLinkAnswer> => {
    const row = await paidOfOwner(request, request.params.id);
    const generation = await linkGenerationOf(db, row.uploadId);
    return { url: restoreLink(publicOrigin(request, config), config.secret, row.id, generation) };
  });
  // Its owner ends the link (and every other link to the image); the next GET gives a new one.
  app.delete('/api/conversions/:id/receipt-link', byId, async (request, reply) => {
    const row = await paidOfOwner(request, request.params.id);
    await endLinks(db, row.uploadId);
    return reply.code(204).send();
  });

  // A browser opening a link for the first time becomes a visitor, to hold what it opened.
  app.post(
    '/api/restore',
    { ...routeLimits(config).restore, schema: { body: restoreSchema } },
    async (request, reply) => {
      const row = await restoreConversion(deps, ensureOwner(request, reply, deps), request.body);
      return toConversion(deps, row, isPro(request));
    },
  );

  // Whoever holds a link may end it: the receipt's reader who shared it by mistake, say.
  app.post(
    '/api/restore/end',
    { ...routeLimits(config).restore, schema: { body: restoreSchema } },
    async (request, reply) => {
      await endLink(deps, request.body);
      return reply.code(204).send();
    },
  );
}
