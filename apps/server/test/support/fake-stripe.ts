import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

// biome-ignore lint/suspicious/noExplicitAny: form parameters are untyped until a route checks them
type Params = Record<string, any>;
type Metadata = Record<string, string>;
interface Base {
  id: string;
  created: number;
  livemode: false;
}

/** A Customer as the fake keeps it. */
export interface FakeCustomer extends Base {
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
}

/** A PaymentIntent as the fake keeps it. */
export interface FakePaymentIntent extends Base {
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  last_payment_error: { code: string; message: string; type: string } | null;
  latest_charge: string | null;
}

/** A Price: inline `price_data`, or one made with `addPrice`. */
export interface FakePrice {
  id: string;
  object: 'price';
  unit_amount: number;
  currency: string;
  recurring: { interval: string } | null;
}

/** A Checkout Session as the fake keeps it. */
export interface FakeCheckoutSession extends Base {
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  payment_intent: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string | null;
  amount_total: number;
  currency: string;
  expires_at: number;
}

/** A Subscription; `current_period_end` is on it (older API versions) and on its items (current ones). */
export interface FakeSubscription extends Base {
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  current_period_end: number;
  items: {
    object: 'list';
    data: { id: string; price: FakePrice; quantity: number; current_period_end: number }[];
  };
  metadata: Metadata;
}

/** A billing portal session. */
export interface FakePortalSession extends Base {
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
}

interface Resources {
  customer: FakeCustomer;
  payment_intent: FakePaymentIntent;
  'checkout.session': FakeCheckoutSession;
  subscription: FakeSubscription;
  'billing_portal.session': FakePortalSession;
}
type Resource = Resources[keyof Resources];

/** A Stripe Event as webhooks receive it. */
export interface FakeEvent extends Base {
  object: 'event';
  type: string;
  api_version: string;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
}

/**
 * A failure for the next API request. A status answers in Stripe's error format (`shouldRetry` adds
 * `Stripe-Should-Retry`) and 'drop' closes the socket, both before processing; 'drop-after' closes
 * it after, so the request took effect but the caller never heard.
 */
export type FakeStripeFault =
  | { status: 500 | 502 | 409 | 429; shouldRetry?: boolean }
  | 'drop'
  | 'drop-after';

/** One API request as the fake received it, and its answer ('drop' when the socket was closed). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  status: number | 'drop';
  replayed: boolean;
}

type StripeErrorBody = { type: string; message: string; code?: string; param?: string };
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}
const invalid = (message: string, param?: string, code?: string) =>
  new ApiError(400, { type: 'invalid_request_error', message, param, code });
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
const faultErrors: Record<number, StripeErrorBody> = {
  409: {
    type: 'idempotency_error',
    message: 'There is currently another in-progress request using this key.',
  },
  429: { type: 'invalid_request_error', code: 'rate_limit', message: 'Request rate limit exceeded.' },
  500: { type: 'api_error', message: 'An unknown error occurred.' },
  502: { type: 'api_error', message: 'Bad gateway.' },
};

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const random = (length = 24) => Array.from(randomBytes(length), (b) => alphabet[b % 62]).join('');
const now = () => Math.floor(Date.now() / 1000);
const clone = <T>(value: T): T => structuredClone(value);
const metadataOf = (value: unknown): Metadata => (value && typeof value === 'object' ? { ...value } : {});
const integer = (value: unknown, param: string): number => {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  throw invalid(`Invalid integer: ${value}`, param, 'parameter_invalid_integer');
};
// Stripe compares a reused key's parameters, not their order on the wire.
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );

/** Starts a stateful, in-memory Stripe API on 127.0.0.1 that the real `stripe` package talks to. */
export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string; webhookUrl?: string } = {},
) {
  const secretKey = options.secretKey ?? `sk_test_fake_${random()}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${random(32)}`;
  const objects = new Map<string, Resource>();
  const prices = new Map<string, FakePrice>();
  const checkoutItems = new Map<
    string,
    { items: { price: FakePrice; quantity: number }[]; meta: Metadata }
  >();
  const saved = new Map<string, { fingerprint: string; status: number; body: string }>();
  const faults: FakeStripeFault[] = [];
  const requests: FakeStripeRequest[] = [];
  const events: FakeEvent[] = [];
  let url = '';

  const put = <T extends Resource>(object: T): T => {
    objects.set(object.id, object);
    return object;
  };
  function get<K extends keyof Resources>(kind: K, id: string, param = 'id', status = 404): Resources[K] {
    const found = objects.get(id);
    if (found?.object === kind) return found as Resources[K];
    const message = `No such ${kind}: '${id}'`;
    throw new ApiError(status, { type: 'invalid_request_error', message, code: 'resource_missing', param });
  }
  // An id inside the parameters is a bad parameter (400), not a missing URL (404).
  const ref = <K extends keyof Resources>(kind: K, id: unknown, param: string) =>
    get(kind, String(id), param, 400).id;
  const expand = (object: Resource, paths: unknown) => {
    const copy: Params = clone(object);
    for (const path of [paths ?? []].flat() as string[]) {
      if (!(path in copy)) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
      if (objects.has(copy[path])) copy[path] = clone(objects.get(copy[path]));
    }
    return copy;
  };

  function createCustomer(p: Params): FakeCustomer {
    const { email = null, name = null } = p;
    const id = `cus_${random(14)}`;
    return put({
      id,
      object: 'customer',
      email,
      name,
      metadata: metadataOf(p.metadata),
      created: now(),
      livemode: false,
    });
  }

  function createPaymentIntent(p: Params): FakePaymentIntent {
    if (p.amount === undefined) throw missing('amount');
    const amount = integer(p.amount, 'amount');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    if (!p.currency) throw missing('currency');
    if (!/^[a-z]{3}$/i.test(p.currency)) throw invalid(`Invalid currency: ${p.currency}`, 'currency');
    const id = `pi_${random()}`;
    return put({
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: p.currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${random()}`,
      customer: p.customer ? ref('customer', p.customer, 'customer') : null,
      description: p.description || null,
      metadata: metadataOf(p.metadata),
      last_payment_error: null,
      latest_charge: null,
      created: now(),
      livemode: false,
    });
  }

  function priceOf(item: Params, at: string): FakePrice {
    if (item.price) {
      const price = prices.get(item.price);
      if (price) return price;
      throw invalid(`No such price: '${item.price}'`, `${at}[price]`, 'resource_missing');
    }
    const data = item.price_data;
    if (!data?.currency) throw missing(`${at}[price_data][currency]`);
    if (!data.product && !data.product_data?.name) throw missing(`${at}[price_data][product_data]`);
    const unitAmount = integer(data.unit_amount, `${at}[price_data][unit_amount]`);
    const recurring = data.recurring?.interval ? { interval: data.recurring.interval } : null;
    const currency = data.currency.toLowerCase();
    return { id: `price_${random(14)}`, object: 'price', unit_amount: unitAmount, currency, recurring };
  }

  function createCheckoutSession(p: Params): FakeCheckoutSession {
    if (p.mode !== 'payment' && p.mode !== 'subscription') throw invalid(`Invalid mode: ${p.mode}`, 'mode');
    if (!p.success_url) throw missing('success_url');
    const lines: Params[] = Array.isArray(p.line_items) ? p.line_items : [];
    if (!lines.length) throw missing('line_items');
    const items = lines.map((item, n) => ({
      price: priceOf(item, `line_items[${n}]`),
      quantity: integer(item.quantity ?? '1', `line_items[${n}][quantity]`),
    }));
    if ((p.mode === 'subscription') !== items.some((item) => item.price.recurring))
      throw invalid(
        `Recurring prices need \`subscription\` mode, and it needs one (mode: ${p.mode}).`,
        'line_items',
      );
    const id = `cs_test_${random(58)}`;
    const created = now();
    checkoutItems.set(id, { items, meta: metadataOf(p.subscription_data?.metadata) });
    return put({
      id,
      object: 'checkout.session',
      mode: p.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${url}/checkout/pay/${id}`,
      customer: p.customer ? ref('customer', p.customer, 'customer') : null,
      customer_email: p.customer_email || null,
      client_reference_id: p.client_reference_id || null,
      subscription: null,
      payment_intent: null,
      metadata: metadataOf(p.metadata),
      success_url: String(p.success_url).replaceAll('{CHECKOUT_SESSION_ID}', id),
      cancel_url: p.cancel_url || null,
      amount_total: items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0),
      currency: items[0].price.currency,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
    });
  }

  function createSubscription(session: FakeCheckoutSession, customer: string): FakeSubscription {
    const { items, meta } = checkoutItems.get(session.id)!;
    const created = now();
    const end = created + (items[0].price.recurring?.interval === 'year' ? 365 : 30) * 86400;
    const data = items.map((item) => ({ id: `si_${random(14)}`, ...item, current_period_end: end }));
    return put({
      id: `sub_${random()}`,
      object: 'subscription',
      status: 'active',
      customer,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      current_period_end: end,
      items: { object: 'list', data },
      metadata: { ...meta },
      created,
      livemode: false,
    });
  }

  function updateSubscription(id: string, p: Params): FakeSubscription {
    const sub = get('subscription', id);
    if (sub.status === 'canceled')
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    if (p.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? sub.current_period_end : null;
    }
    Object.assign(sub.metadata, metadataOf(p.metadata));
    return sub;
  }

  function cancelSubscription(id: string): FakeSubscription {
    const sub = get('subscription', id);
    return Object.assign(sub, { status: 'canceled', canceled_at: sub.canceled_at ?? now() });
  }

  function createPortalSession(p: Params): FakePortalSession {
    if (!p.customer) throw missing('customer');
    const customer = ref('customer', p.customer, 'customer');
    const id = `bps_${random()}`;
    return put({
      id,
      object: 'billing_portal.session',
      customer,
      return_url: p.return_url || null,
      url: `${url}/portal/${id}`,
      created: now(),
      livemode: false,
    });
  }

  const routes: Record<string, (id: string, p: Params) => unknown> = {
    'POST /v1/customers': (_, p) => createCustomer(p),
    'GET /v1/customers/:id': (id, p) => expand(get('customer', id), p.expand),
    'POST /v1/payment_intents': (_, p) => createPaymentIntent(p),
    'GET /v1/payment_intents/:id': (id, p) => expand(get('payment_intent', id, 'intent'), p.expand),
    'POST /v1/checkout/sessions': (_, p) => createCheckoutSession(p),
    'GET /v1/checkout/sessions/:id': (id, p) => expand(get('checkout.session', id, 'session'), p.expand),
    'GET /v1/subscriptions/:id': (id, p) => expand(get('subscription', id), p.expand),
    'POST /v1/subscriptions/:id': (id, p) => updateSubscription(id, p),
    'DELETE /v1/subscriptions/:id': (id) => cancelSubscription(id),
    'POST /v1/billing_portal/sessions': (_, p) => createPortalSession(p),
  };
  function expireCheckoutSession(id: string): FakeCheckoutSession {
    const session = get('checkout.session', id, 'session');
    if (session.status !== 'open') {
      throw invalid('Only Checkout Sessions with a status of `open` can be expired.', 'session');
    }
    session.status = 'expired';
    return session;
  }

  function route(method: string, path: string, params: Params): string {
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expiring)
      return JSON.stringify(expireCheckoutSession(decodeURIComponent(expiring[1])));
    const id = /^\/v1\/.+\/([^/]+)$/.exec(path)?.[1] ?? '';
    const handler = routes[`${method} ${path}`] ?? routes[`${method} ${path.slice(0, -id.length)}:id`];
    if (handler) return JSON.stringify(handler(decodeURIComponent(id), params));
    const message = `Unrecognized request URL (${method}: ${path}).`;
    throw new ApiError(404, { type: 'invalid_request_error', message });
  }

  function authenticate(header: string | undefined): string {
    const key = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
    if (key === secretKey && key.startsWith('sk_test_')) return key;
    const message = key
      ? `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`
      : 'You did not provide an API key. Provide it in the Authorization header, using Bearer auth.';
    throw new ApiError(401, { type: 'invalid_request_error', message });
  }

  // Everything after the body has been read runs synchronously, so two concurrent requests with
  // one key cannot both create: the second finds the first one's saved result.
  function answer(req: IncomingMessage, entry: FakeStripeRequest): { status: number; body: string } {
    try {
      const scoped = `${authenticate(req.headers.authorization)} ${entry.idempotencyKey}`;
      if (entry.method !== 'POST' || !entry.idempotencyKey)
        return { status: 200, body: route(entry.method, entry.path, entry.params) };
      if (entry.idempotencyKey.length > 255) throw invalid('Idempotency keys are at most 255 characters.');
      const fingerprint = `${entry.method} ${entry.path} ${canonical(entry.params)}`;
      const hit = saved.get(scoped);
      if (hit && hit.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${entry.idempotencyKey}' if you meant to execute a different request.`;
        throw new ApiError(400, { type: 'idempotency_error', message });
      }
      entry.replayed = !!hit;
      const result = hit ?? { fingerprint, status: 200, body: route(entry.method, entry.path, entry.params) };
      saved.set(scoped, result);
      return result;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return { status: e.status, body: JSON.stringify({ error: e.error }) };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk);
    const target = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const form = method === 'POST' ? Buffer.concat(chunks).toString('utf8') : target.search.slice(1);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const params = qs.parse(form, { depth: 10 });
    const entry: FakeStripeRequest = {
      method,
      path: target.pathname,
      params,
      idempotencyKey,
      status: 'drop',
      replayed: false,
    };
    requests.push(entry);
    const fault = faults.shift();
    if (fault === 'drop') return req.socket.destroy();
    const reply =
      typeof fault === 'object'
        ? { status: fault.status, body: JSON.stringify({ error: faultErrors[fault.status] }) }
        : answer(req, entry);
    if (fault === 'drop-after') return req.socket.destroy();
    entry.status = reply.status;
    res.setHeader('Request-Id', `req_${random(14)}`);
    res.setHeader('Stripe-Version', req.headers['stripe-version'] ?? Stripe.API_VERSION);
    if (idempotencyKey) res.setHeader('Idempotency-Key', idempotencyKey);
    if (entry.replayed) res.setHeader('Idempotent-Replayed', 'true');
    if (typeof fault === 'object' && fault.shouldRetry !== undefined)
      res.setHeader('Stripe-Should-Retry', String(fault.shouldRetry));
    res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.body);
  }
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;

  const fake = {
    url,
    host: '127.0.0.1',
    port,
    secretKey,
    publishableKey: `pk_test_fake_${random()}`,
    webhookSecret,
    /** Where `deliver` posts events unless told otherwise. */
    webhookUrl: options.webhookUrl,
    /** Every API request received, in order. */
    requests,
    /** Every event built with `event`. */
    events,

    /** A `stripe` client pointed at the fake (maxNetworkRetries 2, stripe-node's default). */
    client(config: Stripe.StripeConfig = {}): Stripe {
      return new Stripe(secretKey, {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: 2,
        ...config,
      });
    },
    /** Copies of the stored objects of one kind, e.g. `list('payment_intent').length`. */
    list<K extends keyof Resources>(kind: K): Resources[K][] {
      return [...objects.values()].filter((o) => o.object === kind).map(clone) as Resources[K][];
    },
    /** A Price that checkout sessions can name in `line_items[n][price]`. */
    addPrice(unitAmount: number, currency = 'usd', interval: string | null = 'month'): FakePrice {
      const recurring = interval ? { interval } : null;
      const price: FakePrice = {
        id: `price_${random(14)}`,
        object: 'price',
        unit_amount: unitAmount,
        currency,
        recurring,
      };
      prices.set(price.id, price);
      return clone(price);
    },
    /** The PaymentIntent is paid. */
    succeedPaymentIntent(id: string): FakePaymentIntent {
      const pi = get('payment_intent', id);
      const charge = `ch_${random()}`;
      Object.assign(pi, {
        status: 'succeeded',
        amount_received: pi.amount,
        latest_charge: charge,
        last_payment_error: null,
      });
      return clone(pi);
    },
    /** A payment attempt was declined; the PaymentIntent waits for another method. */
    failPaymentIntent(id: string, message = 'Your card was declined.'): FakePaymentIntent {
      const error = { code: 'card_declined', message, type: 'card_error' };
      return clone(
        Object.assign(get('payment_intent', id), {
          status: 'requires_payment_method',
          last_payment_error: error,
        }),
      );
    },
    /** Forges fields (amount, currency, metadata, status...) for negative tests. */
    setPaymentIntent(id: string, patch: Partial<FakePaymentIntent>): FakePaymentIntent {
      return clone(Object.assign(get('payment_intent', id), patch));
    },
    /** The payer finished Checkout: a subscription (or, in payment mode, a paid PaymentIntent) exists. */
    completeCheckoutSession(id: string): FakeCheckoutSession {
      const session = get('checkout.session', id);
      if (session.status !== 'open') throw new Error(`checkout session ${id} is ${session.status}`);
      const customer = session.customer ?? createCustomer({ email: session.customer_email }).id;
      if (session.mode === 'subscription') session.subscription = createSubscription(session, customer).id;
      else {
        const { amount_total, currency, metadata } = session;
        const pi = createPaymentIntent({ amount: String(amount_total), currency, customer, metadata });
        session.payment_intent = fake.succeedPaymentIntent(pi.id).id;
      }
      return clone(Object.assign(session, { customer, status: 'complete', payment_status: 'paid' } as const));
    },
    /** Moves a subscription to any status (past_due, unpaid...), with other fields if given. */
    setSubscriptionStatus(
      id: string,
      status: string,
      patch: Partial<FakeSubscription> = {},
    ): FakeSubscription {
      const sub = Object.assign(get('subscription', id), patch, { status });
      if (status === 'canceled') sub.canceled_at ??= now();
      return clone(sub);
    },
    /** Ends the subscription now. */
    cancelSubscription: (id: string): FakeSubscription => clone(cancelSubscription(id)),
    /** The next `count` API requests meet `fault`. */
    failNext(count: number, fault: FakeStripeFault): void {
      for (let i = 0; i < count; i++) faults.push(fault);
    },
    /** Builds and records an Event carrying a snapshot of `object`. */
    event(type: string, object: unknown, extra: Partial<FakeEvent> = {}): FakeEvent {
      const event: FakeEvent = {
        id: `evt_${random()}`,
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        ...extra,
        data: { object: clone(object), ...extra.data },
      };
      events.push(event);
      return event;
    },
    /**
     * POSTs the event as Stripe does: pretty JSON, signed over the exact bytes. `tamper` changes one
     * byte after signing; `signature` replaces the header, or with null leaves it out; `timestamp`
     * (unix seconds) backdates it.
     */
    async deliver(
      event: FakeEvent,
      opts: {
        url?: string;
        secret?: string;
        timestamp?: number;
        tamper?: boolean;
        signature?: string | null;
      } = {},
    ): Promise<{ status: number; body: string }> {
      const target = opts.url ?? fake.webhookUrl;
      if (!target) throw new Error('fake Stripe: no webhookUrl to deliver to');
      let body = JSON.stringify(event, null, 2);
      const secret = opts.secret ?? webhookSecret;
      const signed = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret,
        timestamp: opts.timestamp,
      });
      if (opts.tamper) {
        const at = body.indexOf(event.id) + event.id.length - 1;
        body = body.slice(0, at) + (body[at] === '0' ? '1' : '0') + body.slice(at + 1);
      }
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
      const signature = opts.signature === undefined ? signed : opts.signature;
      if (signature !== null) headers['stripe-signature'] = signature;
      const response = await fetch(target, { method: 'POST', headers, body });
      return { status: response.status, body: await response.text() };
    },
    /** Stops the server, cutting kept-alive connections. */
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}

/** The running fake Stripe server and its test controls. */
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
