import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Several processes share one database: a claimed conversion carries who claimed it and until
// when (a lease its tracer renews), one put back after a failure waits until its retry time,
// and a `locks` table gives one process at a time a chore such
// as the sweep.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema.alterTable('conversions').addColumn('claimedBy', 'text').execute();
  await db.schema.alterTable('conversions').addColumn('leaseExpiresAt', sql.raw(ts)).execute();
  await db.schema.alterTable('conversions').addColumn('retryAt', sql.raw(ts)).execute();
  await db.schema
    .createIndex('conversions_leases')
    .on('conversions')
    .columns(['status', 'leaseExpiresAt'])
    .execute();
  await db.schema
    .createTable('locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expiresAt', sql.raw(ts), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('locks').execute();
  await db.schema.dropIndex('conversions_leases').execute();
  await db.schema.alterTable('conversions').dropColumn('retryAt').execute();
  await db.schema.alterTable('conversions').dropColumn('leaseExpiresAt').execute();
  await db.schema.alterTable('conversions').dropColumn('claimedBy').execute();
}
