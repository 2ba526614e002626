import { type ReceiptLinkAnswer, restoreSchema } from '@vectrace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError, notFound, parse } from '../../errors.js';
import { publicOrigin } from '../../public-origin.js';
import { ensureOwner, requireOwner } from '../auth/identity.js';
import { findOwnedConversion } from '../conversions/queries.js';
import { toConversion } from '../conversions/to-conversion.js';
import { expiredMessage } from '../results/download.js';
import { restoreConversion } from './restore-conversion.js';
import { restoreLink } from './restore-link.js';

type ById = { Params: { id: string } };
const isPro = (request: FastifyRequest) => request.user?.planType === 'pro';

/** The way back to a paid conversion: its link for the owner, and the link opened in any browser. */
export async function receiptRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;

  app.get<ById>('/api/conversions/:id/receipt-link', async (request): Promise<ReceiptLinkAnswer> => {
    const row = await findOwnedConversion(db, request.params.id, requireOwner(request));
    if (!row) throw notFound();
    if (row.expiredAt) throw new AppError(410, expiredMessage(config));
    if (row.paymentStatus !== 'paid') {
      throw new AppError(409, 'This conversion is not paid for: its link comes with the payment.');
    }
    return { url: restoreLink(publicOrigin(request, config), config.secret, row.id) };
  });

  // A browser opening a link for the first time becomes a visitor, to hold what it opened.
  app.post(
    '/api/restore',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const input = parse(restoreSchema, request.body);
      const row = await restoreConversion(deps, ensureOwner(request, reply, deps), input);
      return toConversion(db, row, isPro(request));
    },
  );
}
