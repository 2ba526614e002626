import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Payments: the subscription's status on the user, provider events applied once, and the
// sandbox provider's objects (its stand-in for Stripe's own storage).
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';

  await db.schema.alterTable('users').addColumn('subscriptionStatus', 'text').execute();
  await db.schema.alterTable('users').addColumn('checkoutSessionId', 'text').execute();

  await db.schema
    .createTable('paymentEvents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandboxObjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('object', 'text', (c) => c.notNull())
    .addColumn('customer', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_objects_customer')
    .on('sandboxObjects')
    .columns(['customer', 'object', 'createdAt'])
    .execute();

  await db.schema
    .createTable('sandboxIdempotencyKeys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('objectId', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandboxIdempotencyKeys', 'sandboxObjects', 'paymentEvents']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('checkoutSessionId').execute();
  await db.schema.alterTable('users').dropColumn('subscriptionStatus').execute();
}
