import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// `Idempotency-Key` of the developer API: a retried POST finds the job its first attempt made.
// A job remembers the output options it was asked with: its resultUrl keeps them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').addColumn('resultOptions', 'text').execute();
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('idempotencyKeys')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('conversionId', 'text')
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['userId', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotencyKeys').column('createdAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotencyKeys').execute();
  await db.schema.alterTable('conversions').dropColumn('resultOptions').execute();
}
