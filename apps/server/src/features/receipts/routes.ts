import { idParamsSchema, type ReceiptLinkAnswer, restoreSchema } from '@vectrace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { publicOrigin } from '../../public-origin.js';
import { ensureOwner, requireOwner } from '../auth/identity.js';
import { findOwnedConversion } from '../conversions/queries.js';
import { toConversion } from '../conversions/to-conversion.js';
import { routeLimits } from '../limits/index.js';
import { expiredMessage } from '../retention/policy.js';
import { restoreConversion } from './restore-conversion.js';
import { restoreLink } from './restore-link.js';

const isPro = (request: FastifyRequest) => request.user?.planType === 'pro';

/** The way back to a paid conversion: its link for the owner, and the link opened in any browser. */
export async function receiptRoutes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;

  const byId = { schema: { params: idParamsSchema } };
  app.get('/api/conversions/:id/receipt-link', byId, async (request): Promise<ReceiptLinkAnswer> => {
    const row = await findOwnedConversion(db, request.params.id, requireOwner(request));
    if (!row) throw notFound();
    if (row.expiredAt) throw new AppError(410, 'gone', expiredMessage(config));
    if (row.paymentStatus !== 'paid') {
      throw new AppError(
        409,
        'conflict',
        'This conversion is not paid for: its link comes with the payment.',
      );
    }
    return { url: restoreLink(publicOrigin(request, config), config.secret, row.id) };
  });

  // A browser opening a link for the first time becomes a visitor, to hold what it opened.
  app.post(
    '/api/restore',
    { ...routeLimits(config).restore, schema: { body: restoreSchema } },
    async (request, reply) => {
      const row = await restoreConversion(deps, ensureOwner(request, reply, deps), request.body);
      return toConversion(db, row, isPro(request));
    },
  );
}
