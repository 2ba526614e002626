import type { AccountSummary, Conversion, PaymentIntentAnswer } from '@vectrace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../dist/config.js';
import { settleEndedPeriods } from '../dist/features/payments/fulfil.js';
import { Client } from './support/client.js';
import { convert, register } from './support/flows.js';
import { logoPng } from './support/images.js';
import { startTestServer, type TestServer, testClock } from './support/server.js';

const DAY = 24 * 3600_000;
const clock = testClock();

const goodCard = { number: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' };
const declinedCard = { number: '4000 0000 0000 0002', expiry: '12 / 39', cvc: '123' };

let server: TestServer;
let logo: Buffer;
beforeAll(async () => {
  server = await startTestServer({ clock });
  logo = await logoPng();
});
afterAll(() => server?.stop());

async function completed(client: Client): Promise<Conversion> {
  const conversion = await convert(client, logo);
  expect(conversion.status).toBe('completed');
  return conversion;
}

async function paymentIntentFor(client: Client, conversionId: string): Promise<PaymentIntentAnswer> {
  const reply = await client.post<PaymentIntentAnswer>('/api/create-payment-intent', {
    plan: 'pay-per-use',
    amount: 100,
    conversion_id: conversionId,
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

const confirm = (client: Client, intent: PaymentIntentAnswer, card = goodCard) =>
  client.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
    client_secret: intent.clientSecret,
    card,
  });

describe('the sandbox takes the whole purchase offline, with no real payment', () => {
  it('says it is the sandbox, with a key that is not a secret key', async () => {
    const reply = await new Client(server.url).get('/api/config');
    expect(reply.body.provider).toBe('sandbox');
    expect(reply.body.publishableKey).toMatch(/^pk_/);
  });

  it('a visitor pays $1 with 4242 4242 4242 4242, the payment verifies, and the SVG downloads', async () => {
    const visitor = new Client(server.url);
    const conversion = await completed(visitor);
    expect((await visitor.get(`/api/download/${conversion.id}`)).status).toBe(402);

    const intent = await paymentIntentFor(visitor, conversion.id);
    expect((await confirm(visitor, intent)).status).toBe(200);
    const verified = await visitor.post('/api/verify-payment', {
      payment_intent_id: intent.paymentIntentId,
      conversion_id: conversion.id,
    });
    expect(verified.body).toMatchObject({ success: true, paymentStatus: 'paid' });

    const download = await visitor.get(`/api/download/${conversion.id}`);
    expect(download.status).toBe(200);
    expect(download.text).toMatch(/^<svg|^<\?xml/);
    expect((await visitor.get(`/api/conversions/${conversion.id}`)).body.paymentStatus).toBe('paid');
    // Paid already: no second charge for the same conversion.
    expect(
      (
        await visitor.post('/api/create-payment-intent', {
          plan: 'pay-per-use',
          conversion_id: conversion.id,
        })
      ).status,
    ).toBe(409);
  });

  it('takes no payment for a conversion whose files are deleted within 10 minutes, and says why', async () => {
    const visitor = new Client(server.url);
    const conversion = await completed(visitor);
    clock.set(new Date(Date.parse(conversion.expiresAt) - 5 * 60_000));
    try {
      const reply = await visitor.post('/api/create-payment-intent', {
        plan: 'pay-per-use',
        conversion_id: conversion.id,
      });
      expect(reply.status).toBe(409);
      expect(reply.body.message).toMatch(/deleted in less than 10 minutes/);
    } finally {
      clock.set(new Date());
    }
  });

  it('declines 4000 0000 0000 0002 with the card decline message, and nothing unlocks', async () => {
    const visitor = new Client(server.url);
    const conversion = await completed(visitor);
    const intent = await paymentIntentFor(visitor, conversion.id);
    const declined = await confirm(visitor, intent, declinedCard);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    const verified = await visitor.post('/api/verify-payment', {
      payment_intent_id: intent.paymentIntentId,
      conversion_id: conversion.id,
    });
    expect(verified.body.success).toBe(false);
    expect((await visitor.get(`/api/download/${conversion.id}`)).status).toBe(402);
    // The same payment intent is offered again, and a good card then pays it.
    expect((await paymentIntentFor(visitor, conversion.id)).paymentIntentId).toBe(intent.paymentIntentId);
    expect((await confirm(visitor, intent)).status).toBe(200);
  });

  it('says what is wrong with a mistyped card, and refuses a wrong client secret', async () => {
    const visitor = new Client(server.url);
    const conversion = await completed(visitor);
    const intent = await paymentIntentFor(visitor, conversion.id);
    const cases: [typeof goodCard, string][] = [
      [{ ...goodCard, number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
      [{ ...goodCard, number: '4242' }, 'Your card number is incomplete.'],
      [{ ...goodCard, expiry: '01 / 20' }, "Your card's expiration date is in the past."],
      [{ ...goodCard, cvc: '1' }, "Your card's security code is incomplete."],
    ];
    for (const [card, message] of cases) {
      const reply = await confirm(visitor, intent, card);
      expect(reply.status, message).toBe(402);
      expect(reply.body.message).toBe(message);
    }
    const forged = await confirm(visitor, {
      ...intent,
      clientSecret: `${intent.paymentIntentId}_secret_forged`,
    });
    expect(forged.status).toBe(404);
  });

  it('the price is the server’s: a forged amount still makes a $1.00 payment intent', async () => {
    const visitor = new Client(server.url);
    const conversion = await completed(visitor);
    const reply = await visitor.post<PaymentIntentAnswer>('/api/create-payment-intent', {
      plan: 'pay-per-use',
      amount: 1,
      conversion_id: conversion.id,
    });
    const intent = await server.deps.payments.retrievePaymentIntent(reply.body.paymentIntentId);
    expect(intent).toMatchObject({
      amount: 100,
      currency: 'usd',
      metadata: { conversion_id: conversion.id },
    });
  });
});

describe('Pro in the sandbox: subscribe, download without paying, cancel', () => {
  it('a user subscribes on the sandbox checkout, downloads every conversion, cancels, keeps Pro to the period end, then pays again for what was made before Pro', async () => {
    const user = new Client(server.url);
    const { username, password } = await register(user);
    const conversion = await completed(user);

    const checkout = await user.post('/api/create-checkout-session', {
      plan: 'pro',
      conversion_id: conversion.id,
    });
    expect(checkout.status, checkout.text).toBe(200);
    const sessionId = new URL(checkout.body.url).pathname.split('/').pop();
    expect(checkout.body.url).toBe(`${server.url}/sandbox/checkout/${sessionId}`);
    const session = await user.get(`/api/sandbox/checkout-sessions/${sessionId}`);
    expect(session.body).toMatchObject({
      planTitle: 'Pro Plan',
      amount: 599,
      currency: 'usd',
      interval: 'month',
      status: 'open',
    });

    expect(
      (await user.post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, { card: declinedCard })).status,
    ).toBe(402);
    expect((await user.get('/api/user')).body.planType).toBe('free');

    const paid = await user.post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, { card: goodCard });
    expect(paid.body.url).toBe(
      `${server.url}/?payment=success&session_id=${sessionId}&conversion_id=${conversion.id}`,
    );
    expect((await user.get('/api/user')).body.planType).toBe('pro');
    const verified = await user.post('/api/verify-payment', {
      session_id: sessionId,
      conversion_id: conversion.id,
    });
    expect(verified.body).toMatchObject({ success: true, paymentStatus: 'subscription_active' });
    expect((await user.get(`/api/conversions/${conversion.id}`)).body.paymentStatus).toBe(
      'subscription_active',
    );
    expect((await user.get(`/api/download/${conversion.id}`)).status).toBe(200);
    expect((await user.post('/api/create-checkout-session', { plan: 'pro' })).status).toBe(409);

    const portal = await user.post('/api/billing-portal');
    const portalId = new URL(portal.body.url).pathname.split('/').pop();
    const shown = await user.get(`/api/sandbox/portal-sessions/${portalId}`);
    expect(shown.body.subscription).toMatchObject({ status: 'active', amount: 599 });
    const whilePro = await completed(user);
    const canceled = await user.post(`/api/sandbox/portal-sessions/${portalId}/cancel`);
    expect(canceled.body.url).toBe(`${server.url}/`);

    // Cancelled, Pro lasts to the end of the month paid for, and says until when.
    expect((await user.get('/api/user')).body.planType).toBe('pro');
    const account = (await user.get<AccountSummary>('/api/account')).body;
    expect(account.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const end = Date.parse(account.subscription?.currentPeriodEnd ?? '');
    expect(end - Date.now()).toBeGreaterThan(27 * DAY);
    expect(end - Date.now()).toBeLessThan(32 * DAY);
    expect((await user.get(`/api/download/${conversion.id}`)).status).toBe(200);

    // Past that date Pro has ended: what was made before Pro must be paid for again, what was
    // made while Pro stays downloadable.
    clock.set(new Date(end + 1000));
    await settleEndedPeriods(server.deps);
    // A month on, the session has ended too: sign in again.
    expect((await user.post('/api/login', { username, password })).status).toBe(200);
    expect((await user.get('/api/user')).body.planType).toBe('free');
    expect((await user.get(`/api/conversions/${conversion.id}`)).body.paymentStatus).toBe('unpaid');
    expect((await user.get(`/api/download/${conversion.id}`)).status).toBe(402);
    expect((await user.get(`/api/conversions/${whilePro.id}`)).body.paymentStatus).toBe(
      'subscription_active',
    );
    expect((await user.get(`/api/download/${whilePro.id}`)).status).toBe(200);
    clock.set(new Date());
  });

  it('a second checkout closes the first: the first can no longer be paid, so one subscription at most', async () => {
    const user = new Client(server.url);
    await register(user);
    const sessionOf = async () =>
      new URL((await user.post('/api/create-checkout-session', { plan: 'pro' })).body.url).pathname
        .split('/')
        .pop();
    const first = await sessionOf();
    const second = await sessionOf();
    expect((await user.get(`/api/sandbox/checkout-sessions/${first}`)).body.status).toBe('expired');
    const stale = await user.post(`/api/sandbox/checkout-sessions/${first}/pay`, { card: goodCard });
    expect(stale.status).toBe(402);
    expect(stale.body.message).toBe('This checkout has expired: start the subscription again.');
    expect((await user.post(`/api/sandbox/checkout-sessions/${second}/pay`, { card: goodCard })).status).toBe(
      200,
    );
    expect((await user.get('/api/user')).body.planType).toBe('pro');
  });

  it('a visitor must sign in to subscribe; another user cannot open someone else’s checkout or portal', async () => {
    const visitor = new Client(server.url);
    const refused = await visitor.post('/api/create-checkout-session', { plan: 'pro' });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Sign in or create an account to subscribe to Pro');

    const owner = new Client(server.url);
    await register(owner);
    const checkout = await owner.post('/api/create-checkout-session', { plan: 'pro' });
    const sessionId = new URL(checkout.body.url).pathname.split('/').pop();
    const other = new Client(server.url);
    await register(other);
    expect((await other.get(`/api/sandbox/checkout-sessions/${sessionId}`)).status).toBe(404);
    expect(
      (await other.post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, { card: goodCard })).status,
    ).toBe(404);
    expect((await other.get('/api/user')).body.planType).toBe('free');
    expect((await other.post('/api/billing-portal')).status).toBe(409);
  });
});

describe('which provider runs is decided once, at start-up', () => {
  const base = { DATA_DIR: '/tmp/vectrace-config-test', SESSION_SECRET: 'x'.repeat(40) };

  it('production refuses to start without real payments unless told to', () => {
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://vectrace.example' }),
    ).toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
    const allowed = loadConfig({
      ...base,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      PUBLIC_URL: 'https://vectrace.example',
    });
    expect(allowed.payments.provider).toBe('sandbox');
  });

  it('Stripe needs all three keys, a publishable key that is not secret, and https outside loopback', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_a',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_b',
      STRIPE_WEBHOOK_SECRET: 'whsec_c',
    };
    expect(loadConfig({ ...base, ...keys }).payments.provider).toBe('stripe');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_a' })).toThrow(/all of STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_b' })).toThrow(
      /publishable key \(starts with pk_\)/,
    );
    expect(() => loadConfig({ ...base, ...keys, STRIPE_API_URL: 'http://stripe.example' })).toThrow(
      /loopback/,
    );
  });
});
