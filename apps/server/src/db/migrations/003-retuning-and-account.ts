import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// A payment unlocks the upload (every conversion of it); a conversion shows its trace's stage;
// a cancelled Pro plan lasts until the end of the period paid for.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema.alterTable('uploads').addColumn('paidAt', sql.raw(ts)).execute();
  await db.schema.alterTable('conversions').addColumn('stage', 'text').execute();
  await db.schema.alterTable('users').addColumn('subscriptionPeriodEnd', sql.raw(ts)).execute();
  await db.schema
    .alterTable('users')
    .addColumn('subscriptionCancelAtPeriodEnd', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('conversions_upload').on('conversions').column('uploadId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversions_upload').execute();
  await db.schema.alterTable('users').dropColumn('subscriptionCancelAtPeriodEnd').execute();
  await db.schema.alterTable('users').dropColumn('subscriptionPeriodEnd').execute();
  await db.schema.alterTable('conversions').dropColumn('stage').execute();
  await db.schema.alterTable('uploads').dropColumn('paidAt').execute();
}
