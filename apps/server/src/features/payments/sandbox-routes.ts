import {
  idParamsSchema,
  plans,
  type SandboxCheckoutSession,
  type SandboxPortalSession,
  sandboxCardSchema,
} from '@vectrace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { PaymentEvent } from '../../payments/payment-provider.js';
import type { SandboxPayments } from '../../payments/sandbox-provider.js';
import { requireUser } from '../auth/identity.js';
import { emailOf } from '../auth/queries.js';
import { applyEvent } from './apply-event.js';
import { syncSubscription } from './fulfil.js';

const byId = { schema: { params: idParamsSchema } };
const confirmSchema = z.object({ client_secret: z.string().min(1), card: sandboxCardSchema });
const paySchema = z.object({ card: sandboxCardSchema });

/**
 * The sandbox's stand-ins for what Stripe does on its own side: confirming a card payment (the
 * Payment Element), the hosted subscription checkout and the billing portal. Their events are
 * applied at once, through the same code as Stripe's webhooks.
 */
export async function sandboxRoutes(
  root: FastifyInstance,
  deps: Deps & { sandbox: SandboxPayments },
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { sandbox } = deps;
  const apply = async (events: PaymentEvent[]) => {
    for (const event of events) await applyEvent(deps, event);
  };
  // A session or portal is its user's own: another account gets 404, as for conversions.
  const ownSession = async (id: string, userId: string) => {
    const session = await sandbox.checkoutSession(id);
    if (session.client_reference_id !== userId) throw notFound('Checkout session');
    return session;
  };
  const ownPortal = async (id: string, customer: string | null) => {
    const found = await sandbox.portalSession(id);
    if (found.portal.customer !== customer) throw notFound('Billing portal session');
    return found;
  };

  const confirmRequest = { schema: { params: idParamsSchema, body: confirmSchema } };
  app.post('/api/sandbox/payment-intents/:id/confirm', confirmRequest, async (request) => {
    const input = request.body;
    await apply(await sandbox.confirmPaymentIntent(request.params.id, input.client_secret, input.card));
    return { status: 'succeeded' };
  });

  app.get('/api/sandbox/checkout-sessions/:id', byId, async (request): Promise<SandboxCheckoutSession> => {
    const user = requireUser(request);
    const session = await ownSession(request.params.id, user.id);
    return {
      id: session.id,
      planTitle: plans.pro.title,
      amount: session.price.amount,
      currency: session.price.currency,
      interval: session.price.interval,
      email: emailOf(user),
      status: session.status === 'complete' || session.status === 'expired' ? session.status : 'open',
      cancelUrl: session.cancel_url,
    };
  });

  // The session is the caller's before the card is read (401, 404, then 400).
  const payRequest = {
    preValidation: async (request: FastifyRequest<{ Params: { id: string } }>) => {
      await ownSession(request.params.id, requireUser(request).id);
    },
    schema: { params: idParamsSchema, body: paySchema },
  };
  app.post('/api/sandbox/checkout-sessions/:id/pay', payRequest, async (request) => {
    const { session, events } = await sandbox.payCheckoutSession(request.params.id, request.body.card);
    await apply(events);
    return { url: session.success_url };
  });

  app.get('/api/sandbox/portal-sessions/:id', byId, async (request): Promise<SandboxPortalSession> => {
    const user = requireUser(request);
    const { portal, subscription } = await ownPortal(request.params.id, user.stripeCustomerId);
    // The account follows the subscription as it is now, should an earlier change not have reached it.
    if (subscription) await syncSubscription(deps, subscription);
    return {
      id: portal.id,
      returnUrl: portal.return_url,
      subscription: subscription && {
        id: subscription.id,
        status: subscription.status,
        planTitle: plans.pro.title,
        amount: subscription.price.amount,
        currency: subscription.price.currency,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        currentPeriodEnd:
          subscription.current_period_end === null
            ? null
            : new Date(subscription.current_period_end * 1000).toISOString(),
      },
    };
  });

  app.post('/api/sandbox/portal-sessions/:id/cancel', byId, async (request) => {
    const user = requireUser(request);
    await ownPortal(request.params.id, user.stripeCustomerId);
    const { portal, events } = await sandbox.cancelSubscription(request.params.id);
    await apply(events);
    return { url: portal.return_url };
  });
}
