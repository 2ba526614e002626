// The Stripe provider end to end: the real server, configured with Stripe keys, talks to the
// local fake Stripe (support/fake-stripe.ts) through the official `stripe` client, and receives
// signed webhooks from it. RELIABILITY.md section 4, checks 1-10, and check 26 for the payment routes.
import type { AddressInfo, Socket } from 'node:net';
import { createServer } from 'node:net';
import type { AccountSummary, CheckoutSessionAnswer, Conversion, PaymentConfig } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import type { FakeStripe } from './support/fake-stripe.js';
import { register } from './support/flows.js';
import {
  conversionOf,
  createPaymentIntent,
  customerOf,
  downloadStatus,
  failPaymentStatusWrites,
  logPaidAtWrites,
  paymentIntentFor,
  planOf,
  startStripeServer,
  storedEvents,
  storedPayment,
  userWithConversions,
  verifyPayment,
  visitorWithConversion,
} from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';
import { svgProblems } from './support/svg-allowlist.js';

/** A fake Stripe and a server on it, for the tests of one describe block. */
function stripeServerForThisBlock() {
  const context = {} as { stripe: FakeStripe; server: TestServer; stop?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(context, await startStripeServer());
  });
  afterAll(() => context.stop?.());
  return context;
}

/**
 * A Stripe address that accepts connections and never answers, until closed: then nothing
 * listens there any more (connections are refused).
 */
async function startSilentStripe() {
  const sockets = new Set<Socket>();
  let connected: () => void = () => {};
  const firstConnection = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const listener = createServer((socket) => {
    sockets.add(socket);
    connected();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Resolves once the server has connected and is waiting for an answer. */
    connected: firstConnection,
    async close() {
      for (const socket of sockets) socket.destroy();
      if (listener.listening) await new Promise((resolve) => listener.close(resolve));
    },
  };
}

/** The payment intent as the fake holds it. */
function intentAtFake(stripe: FakeStripe, id: string) {
  const intent = stripe.list('payment_intent').find((pi) => pi.id === id);
  if (!intent) throw new Error(`the fake has no payment intent ${id}`);
  return intent;
}

/** The payment intents the fake holds for a conversion. */
const intentsFor = (stripe: FakeStripe, conversionId: string) =>
  stripe.list('payment_intent').filter((pi) => pi.metadata.conversion_id === conversionId);

/** Builds an event around the object and delivers it signed; the server must answer 200. */
async function deliverOk(stripe: FakeStripe, type: string, object: unknown) {
  const event = stripe.event(type, object);
  const reply = await stripe.deliver(event);
  expect(reply.status, `${type}: ${reply.body}`).toBe(200);
  return event;
}

/** Asserts the conversion is not paid for: unpaid as stored and as read, and its download refused. */
async function expectUnpaid(server: TestServer, client: Client, conversionId: string) {
  expect(await storedPayment(server, conversionId)).toMatchObject({ paymentStatus: 'unpaid', paidAt: null });
  expect((await conversionOf(client, conversionId)).paymentStatus).toBe('unpaid');
  expect(await downloadStatus(client, conversionId)).toBe(402);
}

describe('the server runs on Stripe when its keys are set', () => {
  const ctx = stripeServerForThisBlock();

  it('GET /api/config names Stripe and gives the browser the publishable key, never the secret', async () => {
    const reply = await new Client(ctx.server.url).get<PaymentConfig>('/api/config');
    expect(reply.body).toEqual({ provider: 'stripe', publishableKey: ctx.stripe.publishableKey });
    expect(reply.text).not.toContain(ctx.stripe.secretKey);
    expect(reply.text).not.toContain(ctx.stripe.webhookSecret);
  });
});

describe('paying $1 for one conversion', () => {
  const ctx = stripeServerForThisBlock();

  it('the payment intent is for $1.00 in usd whatever amount the browser sends, tagged with the conversion and the user', async () => {
    const { client, user, conversion } = await userWithConversions(ctx.server);
    const reply = await createPaymentIntent(client, conversion.id, 1);
    expect(reply.status, reply.text).toBe(200);

    const intent = intentAtFake(ctx.stripe, reply.body.paymentIntentId);
    expect(intent).toMatchObject({ amount: 100, currency: 'usd', status: 'requires_payment_method' });
    expect(intent.metadata).toEqual({ conversion_id: conversion.id, user_id: user.id });
    expect(reply.body.clientSecret).toBe(intent.client_secret);
  });

  it("a visitor's payment intent is tagged with the visitor instead of a user", async () => {
    const { client, conversion } = await visitorWithConversion(ctx.server);
    const reply = await createPaymentIntent(client, conversion.id, 5000);
    expect(reply.status, reply.text).toBe(200);

    const { visitorId } = await ctx.server.deps.db
      .selectFrom('conversions')
      .select('visitorId')
      .where('id', '=', conversion.id)
      .executeTakeFirstOrThrow();
    const intent = intentAtFake(ctx.stripe, reply.body.paymentIntentId);
    expect(intent).toMatchObject({ amount: 100, currency: 'usd' });
    expect(intent.metadata).toEqual({ conversion_id: conversion.id, visitor_id: visitorId });
  });

  it('a double submit makes one payment intent, and asking again later shows the same one', async () => {
    const { client, conversion } = await userWithConversions(ctx.server);
    const [first, second] = await Promise.all([
      createPaymentIntent(client, conversion.id),
      createPaymentIntent(client, conversion.id),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(intentsFor(ctx.stripe, conversion.id)).toHaveLength(1);

    const later = await createPaymentIntent(client, conversion.id);
    expect(later.body).toEqual(first.body);
    expect(intentsFor(ctx.stripe, conversion.id)).toHaveLength(1);
    expect((await storedPayment(ctx.server, conversion.id)).paymentId).toBe(first.body.paymentIntentId);
  });

  it("verify-payment refuses another user's payment, a forged amount or currency, and an unfinished payment; one still processing is pending", async () => {
    const { stripe, server } = ctx;
    const someoneElse = await userWithConversions(server);
    const theirIntent = await paymentIntentFor(someoneElse.client, someoneElse.conversion.id);
    stripe.succeedPaymentIntent(theirIntent);

    const { client, conversion } = await userWithConversions(server);
    const verify = (paymentIntentId: string) =>
      verifyPayment(client, { conversion_id: conversion.id, payment_intent_id: paymentIntentId });
    const expectRefused = async (paymentIntentId: string, what: string) => {
      const reply = await verify(paymentIntentId);
      expect(reply.status, `${what}: ${reply.text}`).toBe(200);
      // Refused for good: not worth asking again, unlike a payment still processing.
      expect(reply.body, what).toMatchObject({ success: false, paymentStatus: 'unpaid', pending: false });
      await expectUnpaid(server, client, conversion.id);
    };

    await expectRefused(theirIntent, "another user's paid intent");

    const intent = await paymentIntentFor(client, conversion.id);
    stripe.setPaymentIntent(intent, { amount: 50, status: 'succeeded' });
    await expectRefused(intent, 'paid 50 cents');
    stripe.setPaymentIntent(intent, { amount: 100, currency: 'eur', status: 'succeeded' });
    await expectRefused(intent, 'paid in euros');
    stripe.setPaymentIntent(intent, { currency: 'usd', status: 'requires_payment_method' });
    await expectRefused(intent, 'not paid yet');
    stripe.setPaymentIntent(intent, { status: 'processing' });
    const processing = await verify(intent);
    expect(processing.body).toMatchObject({ success: false, paymentStatus: 'unpaid', pending: true });
    await expectUnpaid(server, client, conversion.id);
    stripe.failPaymentIntent(intent);
    await expectRefused(intent, 'card declined');
    await expectRefused('pi_made_up', 'an id Stripe does not know');
  });

  it('verify-payment with the succeeded payment intent marks the conversion paid, once, and unlocks the SVG', async () => {
    const { client, conversion } = await userWithConversions(ctx.server);
    const intent = await paymentIntentFor(client, conversion.id);
    await expectUnpaid(ctx.server, client, conversion.id);
    ctx.stripe.succeedPaymentIntent(intent);

    const input = { conversion_id: conversion.id, payment_intent_id: intent };
    const verified = await verifyPayment(client, input);
    expect(verified.body).toMatchObject({ success: true, paymentStatus: 'paid' });

    const paid = await conversionOf(client, conversion.id);
    expect(paid.paymentStatus).toBe('paid');
    expect(Date.parse(paid.paidAt ?? '')).toBeGreaterThanOrEqual(Date.parse(paid.completedAt ?? ''));
    const download = await client.get(`/api/download/${conversion.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svgProblems(download.text)).toEqual([]);

    const again = await verifyPayment(client, input);
    expect(again.body).toMatchObject({ success: true, paymentStatus: 'paid' });
    expect((await conversionOf(client, conversion.id)).paidAt).toBe(paid.paidAt);

    // Paid: no new payment intent is offered for it.
    expect((await createPaymentIntent(client, conversion.id)).status).toBe(409);
    expect(intentsFor(ctx.stripe, conversion.id)).toHaveLength(1);
  });

  it("one payment pays for one conversion: it cannot unlock the same user's second conversion", async () => {
    const { stripe, server } = ctx;
    const { client, conversions } = await userWithConversions(server, 2);
    const [first, second] = conversions;
    const intent = await paymentIntentFor(client, first.id);
    stripe.succeedPaymentIntent(intent);
    expect(
      (await verifyPayment(client, { conversion_id: first.id, payment_intent_id: intent })).body,
    ).toMatchObject({ success: true });

    const reuse = await verifyPayment(client, { conversion_id: second.id, payment_intent_id: intent });
    expect(reuse.body).toMatchObject({ success: false, paymentStatus: 'unpaid' });
    await expectUnpaid(server, client, second.id);

    // Even with the intent's metadata pointing at the second conversion, by verify or by webhook.
    const forged = stripe.setPaymentIntent(intent, {
      metadata: { ...intentAtFake(stripe, intent).metadata, conversion_id: second.id },
    });
    const forgedReply = await verifyPayment(client, { conversion_id: second.id, payment_intent_id: intent });
    expect(forgedReply.body).toMatchObject({ success: false });
    await deliverOk(stripe, 'payment_intent.succeeded', forged);
    await expectUnpaid(server, client, second.id);
    expect((await conversionOf(client, first.id)).paymentStatus).toBe('paid');
  });

  it("another user gets 404 from the payment routes for someone's conversion; no cookie gets 401", async () => {
    const { stripe, server } = ctx;
    const owner = await userWithConversions(server);
    const id = owner.conversion.id;
    const intent = await paymentIntentFor(owner.client, id);
    stripe.succeedPaymentIntent(intent);

    const other = new Client(server.url);
    await register(other);
    const createReply = await createPaymentIntent(other, id);
    expect(createReply.status).toBe(404);
    const verifyReply = await verifyPayment(other, { conversion_id: id, payment_intent_id: intent });
    expect(verifyReply.status).toBe(404);
    const checkoutReply = await other.post('/api/create-checkout-session', {
      plan: 'pro',
      conversion_id: id,
    });
    expect(checkoutReply.status).toBe(404);
    const visitor = await visitorWithConversion(server);
    expect((await createPaymentIntent(visitor.client, id)).status).toBe(404);
    expect(
      (await verifyPayment(visitor.client, { conversion_id: id, payment_intent_id: intent })).status,
    ).toBe(404);

    const stranger = new Client(server.url);
    expect((await createPaymentIntent(stranger, id)).status).toBe(401);
    expect((await verifyPayment(stranger, { conversion_id: id, payment_intent_id: intent })).status).toBe(
      401,
    );

    expect(intentsFor(stripe, id)).toHaveLength(1);
    await expectUnpaid(server, owner.client, id);
  });
});

describe('Stripe webhooks', () => {
  const ctx = stripeServerForThisBlock();

  /** A user whose payment has succeeded at Stripe, but the server has not heard of it yet. */
  async function paidAtStripeOnly() {
    const owner = await userWithConversions(ctx.server);
    const intentId = await paymentIntentFor(owner.client, owner.conversion.id);
    const intent = ctx.stripe.succeedPaymentIntent(intentId);
    return { ...owner, intent };
  }

  it('only a correctly signed event is acted on: a tampered byte, the wrong secret, an old or future timestamp or no signature get 400', async () => {
    const { stripe, server } = ctx;
    const { client, conversion, intent } = await paidAtStripeOnly();
    const event = stripe.event('payment_intent.succeeded', intent);

    const refusals = {
      'a tampered byte': { tamper: true },
      'the wrong secret': { secret: 'whsec_not_the_endpoint_secret' },
      'a timestamp 301 s old': { timestamp: Math.floor(Date.now() / 1000) - 301 },
      'a timestamp an hour ahead': { timestamp: Math.floor(Date.now() / 1000) + 3600 },
      'no signature header': { signature: null },
      'a made-up signature': { signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    };
    for (const [what, options] of Object.entries(refusals)) {
      const reply = await stripe.deliver(event, options);
      expect(reply.status, what).toBe(400);
      await expectUnpaid(server, client, conversion.id);
      expect(await storedEvents(server, event.id), what).toBe(0);
    }

    const accepted = await stripe.deliver(event);
    expect(accepted.status).toBe(200);
    expect((await conversionOf(client, conversion.id)).paymentStatus).toBe('paid');
    expect(await downloadStatus(client, conversion.id)).toBe(200);
    expect(await storedEvents(server, event.id)).toBe(1);
  });

  it('the same event delivered three times while the browser verifies: paid once, stored once, every delivery 200', async () => {
    const { stripe, server } = ctx;
    const { client, conversion, intent } = await paidAtStripeOnly();
    const event = stripe.event('payment_intent.succeeded', intent);

    const paidAtWrites = await logPaidAtWrites(server);
    try {
      const [verified, ...deliveries] = await Promise.all([
        verifyPayment(client, { conversion_id: conversion.id, payment_intent_id: intent.id }),
        stripe.deliver(event),
        stripe.deliver(event),
        stripe.deliver(event),
      ]);
      expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
      expect(verified.body).toMatchObject({ success: true, paymentStatus: 'paid' });

      const stored = await storedPayment(server, conversion.id);
      expect(stored).toMatchObject({ paymentStatus: 'paid', paymentId: intent.id });
      expect(stored.paidAt).not.toBeNull();
      expect(await paidAtWrites.count(conversion.id)).toBe(1);
      expect(await storedEvents(server, event.id)).toBe(1);

      // A late redelivery changes nothing either.
      expect((await stripe.deliver(event)).status).toBe(200);
      expect(await storedPayment(server, conversion.id)).toEqual(stored);
      expect(await paidAtWrites.count(conversion.id)).toBe(1);
    } finally {
      await paidAtWrites.remove();
    }
  });

  it('an event whose handling fails answers 500 and is not recorded, so the redelivery applies it', async () => {
    const { stripe, server } = ctx;
    const { client, conversion, intent } = await paidAtStripeOnly();
    const event = stripe.event('payment_intent.succeeded', intent);

    const removeFault = await failPaymentStatusWrites(server, conversion.id);
    try {
      const failed = await stripe.deliver(event);
      expect(failed.status).toBe(500);
      expect(await storedEvents(server, event.id)).toBe(0);
      await expectUnpaid(server, client, conversion.id);
    } finally {
      await removeFault();
    }

    const redelivered = await stripe.deliver(event);
    expect(redelivered.status).toBe(200);
    expect((await conversionOf(client, conversion.id)).paymentStatus).toBe('paid');
    expect(await downloadStatus(client, conversion.id)).toBe(200);
    expect(await storedEvents(server, event.id)).toBe(1);
  });

  it('an event type the server does not handle is acknowledged with 200, so Stripe does not retry it for days', async () => {
    const event = ctx.stripe.event('charge.refund.updated', { id: 're_123', object: 'refund' });
    expect((await ctx.stripe.deliver(event)).status).toBe(200);
  });
});

describe('the Pro subscription', () => {
  const ctx = stripeServerForThisBlock();

  const createCheckout = (client: Client, conversionId?: string) =>
    client.post<CheckoutSessionAnswer>('/api/create-checkout-session', {
      plan: 'pro',
      ...(conversionId ? { conversion_id: conversionId } : {}),
    });

  /** The checkout session behind the url the server answered. */
  function sessionAtFake(url: string) {
    const session = ctx.stripe.list('checkout.session').find((s) => s.url === url);
    if (!session) throw new Error(`the fake has no checkout session at ${url}`);
    return session;
  }

  /** Starts checkout and pays at Stripe; the server is not told (no webhook, no verify) yet. */
  async function subscribeAtStripe(client: Client, conversionId?: string) {
    const reply = await createCheckout(client, conversionId);
    expect(reply.status, reply.text).toBe(200);
    const session = ctx.stripe.completeCheckoutSession(sessionAtFake(reply.body.url).id);
    const subscription = ctx.stripe.list('subscription').find((s) => s.id === session.subscription);
    if (!subscription) throw new Error('the completed session has no subscription');
    return { session, subscription };
  }

  /** An invoice event's object, naming its subscription as the current API version does. */
  const invoice = (subscription: string) => ({
    id: `in_${subscription}_${Date.now()}`,
    object: 'invoice',
    parent: { type: 'subscription_details', subscription_details: { subscription } },
  });

  it('checkout is a $5.99 monthly subscription for this user, on one customer per user, returning to the home page', async () => {
    const { stripe, server } = ctx;
    const { client, user, conversion } = await userWithConversions(server);

    // Two tabs at once: one checkout starts, the other is told to try again (or also starts, and
    // the first is closed); never two open checkouts.
    const concurrent = await Promise.all([
      createCheckout(client, conversion.id),
      createCheckout(client, conversion.id),
    ]);
    for (const reply of concurrent) expect([200, 409], reply.text).toContain(reply.status);
    const started = concurrent.filter((reply) => reply.status === 200);
    expect(started.length).toBeGreaterThan(0);
    const withConversion = sessionAtFake(started[0].body.url);
    expect(withConversion).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      amount_total: 599,
      currency: 'usd',
      success_url: `${server.url}/?payment=success&session_id=${withConversion.id}&conversion_id=${conversion.id}`,
    });

    const later = await createCheckout(client);
    expect(later.status).toBe(200);
    const session = sessionAtFake(later.body.url);
    expect(session.success_url).toBe(`${server.url}/?payment=success&session_id=${session.id}`);

    const customers = stripe.list('customer').filter((c) => c.metadata.user_id === user.id);
    expect(customers).toHaveLength(1);
    expect(customers[0].email).toBe(user.email);
    expect(await customerOf(server, user.id)).toBe(customers[0].id);
    const mine = stripe.list('checkout.session').filter((x) => x.customer === customers[0].id);
    expect(mine.filter((x) => x.status === 'open').map((x) => x.id)).toEqual([session.id]);

    // The price is monthly: the subscription made from it bills 599 usd each month.
    const completed = stripe.completeCheckoutSession(session.id);
    const subscription = stripe.list('subscription').find((s) => s.id === completed.subscription);
    expect(subscription?.items.data.map((item) => item.price)).toMatchObject([
      { unit_amount: 599, currency: 'usd', recurring: { interval: 'month' } },
    ]);
    expect(subscription?.customer).toBe(customers[0].id);
  });

  it('a visitor must sign in to subscribe', async () => {
    const visitor = await visitorWithConversion(ctx.server);
    expect((await createCheckout(visitor.client, visitor.conversion.id)).status).toBe(401);
  });

  it('the lifecycle: paid makes Pro and unlocks every conversion; past due keeps it; unpaid or deleted ends it', async () => {
    const { stripe, server } = ctx;
    const { client, conversions } = await userWithConversions(server, 3);
    const [first, second, bought] = conversions;
    // One conversion was bought for $1 before subscribing: that purchase outlives the plan.
    const intent = await paymentIntentFor(client, bought.id);
    stripe.succeedPaymentIntent(intent);
    const purchase = await verifyPayment(client, { conversion_id: bought.id, payment_intent_id: intent });
    expect(purchase.body).toMatchObject({ success: true });

    const expectPro = async (pro: boolean) => {
      expect(await planOf(client)).toBe(pro ? 'pro' : 'free');
      for (const { id } of [first, second]) {
        expect(await downloadStatus(client, id), id).toBe(pro ? 200 : 402);
        expect((await conversionOf(client, id)).paymentStatus).toBe(pro ? 'subscription_active' : 'unpaid');
      }
      expect(await downloadStatus(client, bought.id)).toBe(200);
      expect((await conversionOf(client, bought.id)).paymentStatus).toBe('paid');
    };

    const { session, subscription } = await subscribeAtStripe(client, first.id);
    const verifyInput = { conversion_id: first.id, session_id: session.id };
    await expectPro(false);

    await deliverOk(stripe, 'checkout.session.completed', session);
    await deliverOk(stripe, 'invoice.paid', invoice(subscription.id));
    await expectPro(true);
    const list = await client.get<Conversion[]>('/api/conversions');
    expect(list.body.map((c) => c.paymentStatus).sort()).toEqual([
      'paid',
      'subscription_active',
      'subscription_active',
    ]);
    expect((await verifyPayment(client, verifyInput)).body).toMatchObject({
      success: true,
      paymentStatus: 'subscription_active',
    });
    expect((await createCheckout(client)).status).toBe(409);

    // Documented policy: past_due keeps Pro while Stripe retries the card.
    stripe.setSubscriptionStatus(subscription.id, 'past_due');
    await deliverOk(stripe, 'invoice.payment_failed', {
      id: 'in_failed',
      object: 'invoice',
      subscription: subscription.id,
    });
    await expectPro(true);

    // Stripe gave up retrying: unpaid ends Pro.
    const unpaid = stripe.setSubscriptionStatus(subscription.id, 'unpaid');
    await deliverOk(stripe, 'customer.subscription.updated', unpaid);
    await expectPro(false);
    expect((await verifyPayment(client, verifyInput)).body).toMatchObject({ success: false });
    await expectPro(false);

    // The card was updated and the invoice paid: Pro again.
    stripe.setSubscriptionStatus(subscription.id, 'active');
    await deliverOk(stripe, 'invoice.paid', invoice(subscription.id));
    await expectPro(true);

    // Cancelled: the unpaid conversions need payment again; a stale invoice.paid does not revive it.
    const canceled = stripe.cancelSubscription(subscription.id);
    await deliverOk(stripe, 'customer.subscription.deleted', canceled);
    await expectPro(false);
    await deliverOk(stripe, 'invoice.paid', invoice(subscription.id));
    await expectPro(false);
  });

  it('cancelling from the account page cancels at the period end at Stripe: Pro stays, with its end date, and can be kept', async () => {
    const { stripe, server } = ctx;
    const { client, conversion } = await userWithConversions(server);
    const { session, subscription } = await subscribeAtStripe(client, conversion.id);
    await deliverOk(stripe, 'checkout.session.completed', session);
    expect(await planOf(client)).toBe('pro');

    const cancelled = await client.post<AccountSummary>('/api/subscription/cancel');
    expect(cancelled.status, cancelled.text).toBe(200);
    const atStripe = stripe.list('subscription').find((s) => s.id === subscription.id);
    expect(atStripe?.cancel_at_period_end).toBe(true);
    expect(atStripe?.status).toBe('active');
    expect(cancelled.body.planType).toBe('pro');
    expect(cancelled.body.subscription?.cancelAtPeriodEnd).toBe(true);
    expect(Date.parse(cancelled.body.subscription?.currentPeriodEnd ?? '')).toBe(
      (atStripe?.current_period_end ?? 0) * 1000,
    );
    expect(await downloadStatus(client, conversion.id)).toBe(200);

    const kept = await client.post<AccountSummary>('/api/subscription/resume');
    expect(kept.body.subscription?.cancelAtPeriodEnd).toBe(false);
    expect(stripe.list('subscription').find((s) => s.id === subscription.id)?.cancel_at_period_end).toBe(
      false,
    );
  });

  it('verify-payment with the session id grants Pro even if the webhook never arrives', async () => {
    const { client, conversion } = await userWithConversions(ctx.server);
    const { session } = await subscribeAtStripe(client, conversion.id);
    expect(await planOf(client)).toBe('free');
    const reply = await verifyPayment(client, { conversion_id: conversion.id, session_id: session.id });
    expect(reply.body).toMatchObject({ success: true, paymentStatus: 'subscription_active' });
    expect(await planOf(client)).toBe('pro');
    expect(await downloadStatus(client, conversion.id)).toBe(200);
  });

  it('a Pro checkout started from the pricing cards, without a conversion, verifies by its session alone', async () => {
    const { client } = await userWithConversions(ctx.server);
    const { session } = await subscribeAtStripe(client);
    const reply = await verifyPayment(client, { session_id: session.id });
    expect(reply.body).toMatchObject({ success: true, paymentStatus: 'subscription_active' });
    expect(await planOf(client)).toBe('pro');
  });

  it('a second checkout closes the first, so two tabs cannot start two subscriptions', async () => {
    const { client } = await userWithConversions(ctx.server);
    const first = sessionAtFake((await createCheckout(client)).body.url);
    const second = sessionAtFake((await createCheckout(client)).body.url);
    const sessions = ctx.stripe.list('checkout.session');
    expect(sessions.find((x) => x.id === first.id)?.status).toBe('expired');
    expect(sessions.find((x) => x.id === second.id)?.status).toBe('open');
  });

  it('a checkout paid at Stripe whose news has not arrived is applied, instead of starting a second subscription', async () => {
    const { client } = await userWithConversions(ctx.server);
    await subscribeAtStripe(client);
    expect(await planOf(client)).toBe('free');
    const before = ctx.stripe.list('checkout.session').length;
    const again = await createCheckout(client);
    expect(again.status).toBe(409);
    expect(await planOf(client)).toBe('pro');
    expect(ctx.stripe.list('checkout.session').length).toBe(before);
  });

  it('a customer Stripe no longer has (deleted, or other keys) is replaced, and checkout still starts', async () => {
    const { client, user } = await userWithConversions(ctx.server);
    await ctx.server.deps.db
      .updateTable('users')
      .set({ stripeCustomerId: 'cus_deleted_at_stripe' })
      .where('id', '=', user.id)
      .execute();
    const reply = await createCheckout(client);
    expect(reply.status, reply.text).toBe(200);
    const customer = await customerOf(ctx.server, user.id);
    expect(customer).not.toBe('cus_deleted_at_stripe');
    expect(sessionAtFake(reply.body.url).customer).toBe(customer);
  });

  it('a Pro user is never charged $1 for a conversion', async () => {
    const { stripe } = ctx;
    const { client, conversion } = await userWithConversions(ctx.server);
    const { session } = await subscribeAtStripe(client, conversion.id);
    await verifyPayment(client, { conversion_id: conversion.id, session_id: session.id });
    const before = stripe.list('payment_intent').length;
    const reply = await createPaymentIntent(client, conversion.id);
    expect(reply.status).toBe(409);
    expect(stripe.list('payment_intent').length).toBe(before);
  });

  it("verify-payment refuses a checkout that is unfinished or another user's", async () => {
    const { stripe, server } = ctx;
    const someoneElse = await userWithConversions(server);
    const theirs = await subscribeAtStripe(someoneElse.client);

    const { client, conversion } = await userWithConversions(server);
    const open = await createCheckout(client, conversion.id);
    const unfinished = sessionAtFake(open.body.url);
    for (const sessionId of [theirs.session.id, unfinished.id, 'cs_test_made_up']) {
      const reply = await verifyPayment(client, { conversion_id: conversion.id, session_id: sessionId });
      expect(reply.body, sessionId).toMatchObject({ success: false });
      expect(await planOf(client)).toBe('free');
    }
    await expectUnpaid(server, client, conversion.id);
    expect(stripe.list('subscription').find((s) => s.id === theirs.subscription.id)?.status).toBe('active');
  });

  it('subscription.deleted delivered before checkout.session.completed leaves the user free', async () => {
    const { stripe, server } = ctx;
    const { client, conversion } = await userWithConversions(server);
    const { session, subscription } = await subscribeAtStripe(client, conversion.id);
    const canceled = stripe.cancelSubscription(subscription.id);

    await deliverOk(stripe, 'customer.subscription.deleted', canceled);
    await deliverOk(stripe, 'checkout.session.completed', session);
    expect(await planOf(client)).toBe('free');
    await expectUnpaid(server, client, conversion.id);
  });

  it("the billing portal opens on the user's own customer only; without one 409, signed out 401", async () => {
    const { stripe, server } = ctx;
    const portalFor = async (client: Client) => {
      const reply = await client.post<{ url: string }>('/api/billing-portal');
      expect(reply.status, reply.text).toBe(200);
      const portal = stripe.list('billing_portal.session').find((p) => p.url === reply.body.url);
      if (!portal) throw new Error(`the fake made no portal session at ${reply.body.url}`);
      expect(portal.return_url).toBe(`${server.url}/`);
      return portal;
    };

    const alice = await userWithConversions(server, 0);
    const bob = await userWithConversions(server, 0);
    await subscribeAtStripe(alice.client);
    await subscribeAtStripe(bob.client);
    const aliceCustomer = await customerOf(server, alice.user.id);
    const bobCustomer = await customerOf(server, bob.user.id);
    expect(aliceCustomer).not.toBe(bobCustomer);
    expect((await portalFor(alice.client)).customer).toBe(aliceCustomer);
    expect((await portalFor(bob.client)).customer).toBe(bobCustomer);

    const newcomer = await userWithConversions(server, 0);
    const none = await newcomer.client.post('/api/billing-portal');
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/no subscription/i);

    const visitor = await visitorWithConversion(server);
    expect((await visitor.client.post('/api/billing-portal')).status).toBe(401);
    expect((await new Client(server.url).post('/api/billing-portal')).status).toBe(401);
  });
});

describe('when Stripe fails', () => {
  const ctx = stripeServerForThisBlock();

  /** The POSTs that created payment intents for the conversion, as the fake received them. */
  const creationAttempts = (stripe: FakeStripe, conversionId: string) =>
    stripe.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.params.metadata?.conversion_id === conversionId,
    );

  it('a 500 from Stripe is retried with the same idempotency key: one payment intent results', async () => {
    const { client, conversion } = await userWithConversions(ctx.server);
    ctx.stripe.failNext(1, { status: 500 });
    const reply = await createPaymentIntent(client, conversion.id);
    expect(reply.status, reply.text).toBe(200);

    expect(intentsFor(ctx.stripe, conversion.id)).toHaveLength(1);
    const attempts = creationAttempts(ctx.stripe, conversion.id);
    expect(attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
  });

  it('an answer lost after Stripe made the intent is replayed on retry: still one payment intent', async () => {
    const { client, conversion } = await userWithConversions(ctx.server);
    ctx.stripe.failNext(1, 'drop-after');
    const reply = await createPaymentIntent(client, conversion.id);
    expect(reply.status, reply.text).toBe(200);

    const intents = intentsFor(ctx.stripe, conversion.id);
    expect(intents.map((pi) => pi.id)).toEqual([reply.body.paymentIntentId]);
    const attempts = creationAttempts(ctx.stripe, conversion.id);
    expect(attempts.map((a) => [a.status, a.replayed])).toEqual([
      ['drop', false],
      [200, true],
    ]);
  });

  it('Stripe unreachable: other requests are served while a payment waits on it, then 502 with a message the user can act on', async () => {
    const stripe = await startSilentStripe();
    const server = await startTestServer({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_unreachable',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_unreachable',
        STRIPE_WEBHOOK_SECRET: 'whsec_unreachable',
        STRIPE_API_URL: stripe.url,
      },
    });
    try {
      const { client, conversion } = await userWithConversions(server);
      let paymentAnswered = false;
      const payment = createPaymentIntent(client, conversion.id).finally(() => {
        paymentAnswered = true;
      });
      await stripe.connected;
      // The server is waiting on Stripe: the rest of the API still answers meanwhile.
      const user = await client.get('/api/user');
      const read = await client.get(`/api/conversions/${conversion.id}`);
      expect([user.status, read.status]).toEqual([200, 200]);
      expect(paymentAnswered).toBe(false);

      // Stripe goes away: the waiting call and the client's retries fail, and so does a new try.
      await stripe.close();
      for (const reply of [await payment, await createPaymentIntent(client, conversion.id)]) {
        expect(reply.status).toBe(502);
        const { message } = JSON.parse(reply.text) as { message: string };
        expect(message).toMatch(/payments are not available/i);
        expect(message).toMatch(/nothing was charged/i);
        expect(message).toMatch(/try again/i);
      }
      expect((await client.get('/api/user')).status).toBe(200);
      await expectUnpaid(server, client, conversion.id);
    } finally {
      await server.stop();
      await stripe.close();
    }
  });
});
