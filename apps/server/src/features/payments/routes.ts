import {
  type BillingPortalAnswer,
  createCheckoutSessionSchema,
  createPaymentIntentSchema,
  type PaymentConfig,
  verifyPaymentSchema,
} from '@vectrace/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError, parse } from '../../errors.js';
import { publicOrigin } from '../../public-origin.js';
import { requireOwner, requireUser } from '../auth/identity.js';
import { routeLimits } from '../limits/index.js';
import { keepReceiptAddress } from '../receipts/queries.js';
import { createCheckoutSession } from './create-checkout-session.js';
import { createPaymentIntent } from './create-payment-intent.js';
import { verifyPayment } from './verify-payment.js';

/** Checkout and its return: the provider's public key, payment intents, Pro checkout, verification, billing. */
export async function paymentRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const perMinute = routeLimits(deps.config).payments;

  app.get(
    '/api/config',
    async (): Promise<PaymentConfig> => ({
      provider: deps.payments.name,
      publishableKey: deps.payments.publishableKey,
    }),
  );

  app.post('/api/create-payment-intent', perMinute, async (request) => {
    const input = parse(createPaymentIntentSchema, request.body);
    const answer = await createPaymentIntent(deps, requireOwner(request), input);
    // Only once the conversion is known to be the caller's and payable: where its receipt goes.
    const origin = publicOrigin(request, deps.config);
    await keepReceiptAddress(deps.db, input.conversion_id, input.email, origin, deps.clock());
    return answer;
  });

  app.post('/api/create-checkout-session', perMinute, async (request) =>
    createCheckoutSession(
      deps,
      requireUser(request, 'Sign in or create an account to subscribe to Pro'),
      parse(createCheckoutSessionSchema, request.body),
      publicOrigin(request, deps.config),
    ),
  );

  app.post('/api/verify-payment', perMinute, async (request) =>
    verifyPayment(deps, requireOwner(request), parse(verifyPaymentSchema, request.body)),
  );

  app.post('/api/billing-portal', perMinute, async (request): Promise<BillingPortalAnswer> => {
    const user = requireUser(request);
    if (!user.stripeCustomerId) throw new AppError(409, 'You have no subscription to manage yet.');
    return deps.payments.createPortalSession({
      customer: user.stripeCustomerId,
      returnUrl: `${publicOrigin(request, deps.config)}/`,
    });
  });
}
