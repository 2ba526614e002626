import type {
  Conversion,
  PaymentIntentAnswer,
  PublicUser,
  VerifyPaymentAnswer,
  VerifyPaymentInput,
} from '@vectrace/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { Client, type Reply } from './client.js';
import { testPostgresUrl } from './database.js';
import { type FakeStripe, startFakeStripe } from './fake-stripe.js';
import { convert, register } from './flows.js';
import { logoPng } from './images.js';
import { startTestServer, type TestServer } from './server.js';

/** The server's environment for Stripe at the fake. */
export const stripeEnv = (stripe: FakeStripe): Record<string, string> => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
});

/** A fake Stripe and the real server configured for it, its webhook pointed at the server. */
export async function startStripeServer(): Promise<{
  stripe: FakeStripe;
  server: TestServer;
  stop(): Promise<void>;
}> {
  const stripe = await startFakeStripe();
  const server = await startTestServer({ env: stripeEnv(stripe) });
  stripe.webhookUrl = `${server.url}/api/stripe/webhook`;
  return {
    stripe,
    server,
    async stop() {
      await server.stop();
      await stripe.close();
    },
  };
}

/** A newly registered user, signed in on their own client, with `count` completed, unpaid conversions. */
export async function userWithConversions(server: TestServer, count = 1) {
  const client = new Client(server.url);
  await register(client);
  const user = (await client.get<PublicUser>('/api/user')).body;
  const conversions: Conversion[] = [];
  for (let i = 0; i < count; i++) {
    const done = await convert(client, await logoPng());
    expect(done.status).toBe('completed');
    conversions.push(done);
  }
  return { client, user, conversions, conversion: conversions[0] };
}

/** A visitor without an account, with one completed, unpaid conversion. */
export async function visitorWithConversion(server: TestServer) {
  const client = new Client(server.url);
  const conversion = await convert(client, await logoPng());
  expect(conversion.status).toBe('completed');
  return { client, conversion };
}

/** POST /api/create-payment-intent, with the amount the spec has the browser send. */
export const createPaymentIntent = (client: Client, conversionId: string, amount = 100) =>
  client.post<PaymentIntentAnswer>('/api/create-payment-intent', {
    plan: 'pay-per-use',
    amount,
    conversion_id: conversionId,
  });

/** The payment intent made for the conversion (asserting the call succeeded). */
export async function paymentIntentFor(client: Client, conversionId: string): Promise<string> {
  const reply = await createPaymentIntent(client, conversionId);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.paymentIntentId;
}

export const verifyPayment = (
  client: Client,
  input: VerifyPaymentInput,
): Promise<Reply<VerifyPaymentAnswer>> => client.post<VerifyPaymentAnswer>('/api/verify-payment', input);

/** The conversion as its owner reads it. */
export async function conversionOf(client: Client, id: string): Promise<Conversion> {
  const reply = await client.get<Conversion>(`/api/conversions/${id}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

/** The status of GET /api/download for the conversion: 200 once paid (or Pro), 402 before. */
export const downloadStatus = async (client: Client, id: string) =>
  (await client.get(`/api/download/${id}`)).status;

/** The user's plan as GET /api/user answers it. */
export const planOf = async (client: Client) => (await client.get<PublicUser>('/api/user')).body.planType;

/** The conversion's payment columns as stored. */
export const storedPayment = (server: TestServer, id: string) =>
  server.deps.db
    .selectFrom('conversions')
    .select(['paymentStatus', 'paymentId', 'paidAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** How many times the event id is stored in paymentEvents. */
export async function storedEvents(server: TestServer, eventId: string): Promise<number> {
  const rows = await server.deps.db
    .selectFrom('paymentEvents')
    .select('id')
    .where('id', '=', eventId)
    .execute();
  return rows.length;
}

/** The user's Stripe customer as stored. */
export async function customerOf(server: TestServer, userId: string): Promise<string | null> {
  const row = await server.deps.db
    .selectFrom('users')
    .select('stripeCustomerId')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.stripeCustomerId;
}

const postgres = () => testPostgresUrl !== undefined;
const run = (server: TestServer, statement: string) => sql.raw(statement).execute(server.deps.db);
// Ids go into DDL as literals: only the server's own UUIDs are accepted.
const literal = (id: string) => {
  if (!/^[0-9a-f-]+$/.test(id)) throw new Error(`not an id: ${id}`);
  return `'${id}'`;
};

/**
 * Makes every write of this conversion's paymentStatus fail in the database (a trigger), as a
 * broken disk or a lost connection would; returns a function that removes the fault.
 */
export async function failPaymentStatusWrites(server: TestServer, conversionId: string) {
  if (postgres()) {
    await run(
      server,
      `CREATE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'injected failure'; END $$`,
    );
    await run(
      server,
      `CREATE TRIGGER fail_payment_status BEFORE UPDATE OF "paymentStatus" ON conversions
       FOR EACH ROW WHEN (NEW.id = ${literal(conversionId)}) EXECUTE FUNCTION injected_failure()`,
    );
  } else {
    await run(
      server,
      `CREATE TRIGGER fail_payment_status BEFORE UPDATE OF "paymentStatus" ON conversions
       WHEN NEW.id = ${literal(conversionId)} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    );
  }
  return async () => {
    await run(server, `DROP TRIGGER fail_payment_status${postgres() ? ' ON conversions' : ''}`);
    if (postgres()) await run(server, 'DROP FUNCTION injected_failure()');
  };
}

/**
 * Logs every UPDATE that writes a conversion's paidAt (a trigger into a side table), so a test
 * can count how often it was written; `remove` takes the trigger and its table away again.
 */
export async function logPaidAtWrites(server: TestServer) {
  await run(server, 'CREATE TABLE "paidAtWrites" ("conversionId" text NOT NULL)');
  if (postgres()) {
    await run(
      server,
      `CREATE FUNCTION log_paid_at() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN INSERT INTO "paidAtWrites" VALUES (NEW.id); RETURN NULL; END $$`,
    );
    await run(
      server,
      `CREATE TRIGGER log_paid_at AFTER UPDATE OF "paidAt" ON conversions
       FOR EACH ROW EXECUTE FUNCTION log_paid_at()`,
    );
  } else {
    await run(
      server,
      `CREATE TRIGGER log_paid_at AFTER UPDATE OF "paidAt" ON conversions
       BEGIN INSERT INTO "paidAtWrites" VALUES (NEW.id); END`,
    );
  }
  return {
    /** How many UPDATEs wrote this conversion's paidAt since the log started. */
    async count(conversionId: string): Promise<number> {
      const { rows } = await sql<{ id: string }>`
        SELECT "conversionId" AS id FROM "paidAtWrites" WHERE "conversionId" = ${conversionId}`.execute(
        server.deps.db,
      );
      return rows.length;
    },
    async remove(): Promise<void> {
      await run(server, `DROP TRIGGER log_paid_at${postgres() ? ' ON conversions' : ''}`);
      if (postgres()) await run(server, 'DROP FUNCTION log_paid_at()');
      await run(server, 'DROP TABLE "paidAtWrites"');
    },
  };
}
