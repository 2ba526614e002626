import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.js';

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = fake.client();
});
afterAll(() => fake.close());

const createdPaymentIntents = () => fake.list('payment_intent').length;

describe('fake Stripe with the real stripe client', () => {
  it('creates a PaymentIntent and retrieves it with amount, currency, metadata and client secret', async () => {
    const created = await stripe.paymentIntents.create({
      amount: 100,
      currency: 'usd',
      metadata: { conversion_id: 'c1', user_id: 'u1' },
      automatic_payment_methods: { enabled: true },
    });
    expect(created.id).toMatch(/^pi_/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(created.status).toBe('requires_payment_method');

    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    expect(retrieved).toMatchObject({
      id: created.id,
      object: 'payment_intent',
      amount: 100,
      currency: 'usd',
      metadata: { conversion_id: 'c1', user_id: 'u1' },
      client_secret: created.client_secret,
      livemode: false,
    });

    fake.succeedPaymentIntent(created.id);
    const paid = await stripe.paymentIntents.retrieve(created.id);
    expect(paid.status).toBe('succeeded');
    expect(paid.latest_charge).toMatch(/^ch_/);
  });

  it('refuses bad PaymentIntent parameters and unknown ids in Stripe error classes', async () => {
    const tooSmall = stripe.paymentIntents.create({ amount: 1, currency: 'usd' });
    await expect(tooSmall).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(tooSmall).rejects.toMatchObject({ statusCode: 400, param: 'amount' });
    const unknown = stripe.paymentIntents.retrieve('pi_nope');
    await expect(unknown).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('replays the first result for a reused Idempotency-Key and refuses it with other parameters', async () => {
    const before = createdPaymentIntents();
    const params = { amount: 100, currency: 'usd', metadata: { conversion_id: 'c2' } };
    const key = `pi:c2:${Date.now()}`;
    const [first, second] = await Promise.all([
      stripe.paymentIntents.create(params, { idempotencyKey: key }),
      stripe.paymentIntents.create(params, { idempotencyKey: key }),
    ]);
    expect(second.id).toBe(first.id);
    expect(second.client_secret).toBe(first.client_secret);
    expect(createdPaymentIntents()).toBe(before + 1);
    expect(fake.requests.filter((r) => r.idempotencyKey === key && r.replayed)).toHaveLength(1);

    const other = stripe.paymentIntents.create({ ...params, amount: 200 }, { idempotencyKey: key });
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(createdPaymentIntents()).toBe(before + 1);
  });

  it('refuses a wrong secret key with an authentication error', async () => {
    const wrong = new Stripe('sk_test_wrong', { host: fake.host, port: fake.port, protocol: 'http' });
    const attempt = wrong.customers.create({ email: 'a@example.com' });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(attempt).rejects.toThrow(/Invalid API Key provided/);
  });

  it('creates exactly one PaymentIntent when a 500 is retried by stripe-node', async () => {
    const before = createdPaymentIntents();
    fake.failNext(1, { status: 500 });
    const created = await stripe.paymentIntents.create({ amount: 100, currency: 'usd' });
    expect(createdPaymentIntents()).toBe(before + 1);
    const attempts = fake.requests.filter((r) => r.idempotencyKey === created.lastResponse.idempotencyKey);
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);

    fake.failNext(3, { status: 500 });
    const exhausted = stripe.paymentIntents.create({ amount: 100, currency: 'usd' });
    await expect(exhausted).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(createdPaymentIntents()).toBe(before + 1);
  });

  it('creates one PaymentIntent when dropped sockets are retried with the same idempotency key', async () => {
    const noRetries = fake.client({ maxNetworkRetries: 0 });
    const before = createdPaymentIntents();
    const key = `pi:c3:${Date.now()}`;
    const params = { amount: 100, currency: 'usd', metadata: { conversion_id: 'c3' } };
    // stripe-node retries a reset connection once even with maxNetworkRetries 0, so drop twice.
    fake.failNext(2, 'drop');
    const failed = noRetries.paymentIntents.create(params, { idempotencyKey: key });
    await expect(failed).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(createdPaymentIntents()).toBe(before);

    const retried = await noRetries.paymentIntents.create(params, { idempotencyKey: key });
    expect(createdPaymentIntents()).toBe(before + 1);

    expect(fake.requests.filter((r) => r.idempotencyKey === key).map((r) => r.status)).toEqual([
      'drop',
      'drop',
      200,
    ]);

    // Processed, then the answer was lost: stripe-node's own retry (same key) gets the stored result.
    fake.failNext(1, 'drop-after');
    const lostKey = `${key}:lost`;
    const again = await noRetries.paymentIntents.create(params, { idempotencyKey: lostKey });
    expect(createdPaymentIntents()).toBe(before + 2);
    expect(again.id).not.toBe(retried.id);
    const attempts = fake.requests.filter((r) => r.idempotencyKey === lostKey);
    expect(attempts.map((r) => [r.status, r.replayed])).toEqual([
      ['drop', false],
      [200, true],
    ]);
  });

  it('completes a subscription Checkout Session and retrieves it with the subscription expanded', async () => {
    const customer = await stripe.customers.create({ email: 'pro@example.com', metadata: { user_id: 'u9' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u9',
      success_url: 'http://app.test/billing?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/pricing',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 599,
            recurring: { interval: 'month' },
            product_data: { name: 'Vectrace Pro' },
          },
          quantity: 1,
        },
      ],
      subscription_data: { metadata: { user_id: 'u9' } },
    });
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', amount_total: 599 });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.success_url).toBe(`http://app.test/billing?session_id=${session.id}`);
    expect(session.url).toBe(`${fake.url}/checkout/pay/${session.id}`);

    fake.completeCheckoutSession(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'u9' });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id });
    expect(subscription.metadata).toEqual({ user_id: 'u9' });
    expect(subscription.items.data[0].price).toMatchObject({ unit_amount: 599, currency: 'usd' });
    expect(subscription.items.data[0].price.recurring?.interval).toBe('month');

    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    await stripe.subscriptions.cancel(subscription.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/account',
    });
    expect(portal.url).toBe(`${fake.url}/portal/${portal.id}`);
  });

  it('refuses a billing portal session for an unknown customer', async () => {
    const attempt = stripe.billingPortal.sessions.create({ customer: 'cus_unknown' });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(attempt).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
  });
});

describe('fake Stripe webhooks', () => {
  let receiver: Server;
  const received: { verified: boolean; type?: string }[] = [];

  beforeAll(async () => {
    // A receiver that verifies like the server must: constructEvent on the exact raw bytes.
    receiver = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      try {
        const event = stripe.webhooks.constructEvent(
          Buffer.concat(chunks),
          req.headers['stripe-signature'] ?? '',
          fake.webhookSecret,
        );
        received.push({ verified: true, type: event.type });
        res.writeHead(200).end('{"received":true}');
      } catch (error) {
        received.push({ verified: false });
        res.writeHead(400).end((error as Error).message);
      }
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('delivers a signed event that constructEvent verifies, and forged ones that it rejects', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 100, currency: 'usd' });
    const event = fake.event('payment_intent.succeeded', fake.succeedPaymentIntent(pi.id));
    expect(event).toMatchObject({ object: 'event', livemode: false, data: { object: { id: pi.id } } });

    expect(await fake.deliver(event)).toMatchObject({ status: 200 });
    expect(received.at(-1)).toEqual({ verified: true, type: 'payment_intent.succeeded' });

    const forged = [
      await fake.deliver(event, { tamper: true }),
      await fake.deliver(event, { secret: 'whsec_wrong' }),
      await fake.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await fake.deliver(event, { signature: null }),
    ];
    expect(forged.map((reply) => reply.status)).toEqual([400, 400, 400, 400]);
    expect(forged[2].body).toMatch(/tolerance/i);
    expect(received.slice(-4).every((r) => !r.verified)).toBe(true);
  });
});
