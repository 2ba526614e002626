import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { WebhookSignatureError } from '../../payments/payment-provider.js';
import { applyEvent } from './apply-event.js';

/**
 * POST /api/stripe/webhook: the signature is checked over the exact bytes received, then the
 * event is applied once. 400 for a bad signature (nothing changes), 500 if applying failed (the
 * provider delivers it again), 200 otherwise.
 */
export async function webhookRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/api/stripe/webhook', async (request) => {
    const signature = request.headers['stripe-signature'];
    let event: ReturnType<Deps['payments']['constructEvent']>;
    try {
      event = deps.payments.constructEvent(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    } catch (err) {
      if (err instanceof WebhookSignatureError)
        throw new AppError(400, 'invalid_request', `Webhook signature refused: ${err.message}`);
      throw err;
    }
    const outcome = await applyEvent(deps, event);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
    return { received: true };
  });
}
