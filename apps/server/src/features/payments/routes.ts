import {
  type BillingPortalAnswer,
  createCheckoutSessionSchema,
  createPaymentIntentSchema,
  type PaymentConfig,
  verifyPaymentSchema,
} from '@vectrace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { publicOrigin } from '../../public-origin.js';
import { ownerFirst, requireUser, userFirst } from '../auth/identity.js';
import { routeLimits } from '../limits/index.js';
import { requireOwner } from '../owner.js';
import { keepReceiptAddress } from '../receipts/queries.js';
import { createCheckoutSession } from './create-checkout-session.js';
import { createPaymentIntent } from './create-payment-intent.js';
import { verifyPayment } from './verify-payment.js';

/** Checkout and its return: the provider's public key, payment intents, Pro checkout, verification, billing. */
export async function paymentRoutes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const perMinute = routeLimits(deps.config).payments;

  app.get(
    '/api/config',
    async (): Promise<PaymentConfig> => ({
      provider: deps.payments.name,
      publishableKey: deps.payments.publishableKey,
    }),
  );

  const intentRequest = { ...perMinute, schema: { body: createPaymentIntentSchema } };
  app.post('/api/create-payment-intent', intentRequest, async (request) => {
    const input = request.body;
    const answer = await createPaymentIntent(deps, requireOwner(request), input);
    // Only once the conversion is known to be the caller's and payable: where its receipt goes.
    const origin = publicOrigin(request, deps.config);
    await keepReceiptAddress(deps.db, input.conversion_id, input.email, origin, deps.clock());
    return answer;
  });

  const toSubscribe = 'Sign in or create an account to subscribe to Pro';
  const checkoutRequest = {
    ...perMinute,
    ...userFirst(toSubscribe),
    schema: { body: createCheckoutSessionSchema },
  };
  app.post('/api/create-checkout-session', checkoutRequest, async (request) =>
    createCheckoutSession(
      deps,
      requireUser(request, toSubscribe),
      request.body,
      publicOrigin(request, deps.config),
    ),
  );

  const verifyRequest = { ...perMinute, ...ownerFirst, schema: { body: verifyPaymentSchema } };
  app.post('/api/verify-payment', verifyRequest, async (request) =>
    verifyPayment(deps, requireOwner(request), request.body),
  );

  app.post('/api/billing-portal', perMinute, async (request): Promise<BillingPortalAnswer> => {
    const user = requireUser(request);
    if (!user.stripeCustomerId)
      throw new AppError(409, 'conflict', 'You have no subscription to manage yet.');
    return deps.payments.createPortalSession({
      customer: user.stripeCustomerId,
      returnUrl: `${publicOrigin(request, deps.config)}/`,
    });
  });
}
