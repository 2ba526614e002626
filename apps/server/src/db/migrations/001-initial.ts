import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// One migration for both dialects; only the types of timestamps, JSON and counters differ.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const json = dialect === 'postgres' ? 'jsonb' : 'text';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('usernameKey', 'text', (c) => c.notNull().unique())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('stripeCustomerId', 'text', (c) => c.unique())
    .addColumn('stripeSubscriptionId', 'text')
    .addColumn('planType', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('conversionsUsed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conversionsLimit', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .addColumn('lastSeenAt', sql.raw(ts), (c) => c.notNull())
    .addColumn('expiresAt', sql.raw(ts), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('userId').execute();

  await db.schema
    .createTable('loginFailures')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('usernameKey', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_user')
    .on('loginFailures')
    .columns(['usernameKey', 'createdAt'])
    .execute();
  await db.schema.createIndex('login_failures_ip').on('loginFailures').columns(['ip', 'createdAt']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('visitorId', 'text')
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .addColumn('claimedAt', sql.raw(ts))
    .addColumn('size', 'integer')
    .addColumn('deletedAt', sql.raw(ts))
    .execute();
  await db.schema.createIndex('uploads_created').on('uploads').column('createdAt').execute();

  await db.schema
    .createTable('conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('visitorId', 'text')
    .addColumn('uploadId', 'text', (c) => c.notNull().references('uploads.id'))
    .addColumn('originalFileName', 'text', (c) => c.notNull())
    .addColumn('originalFileUrl', 'text', (c) => c.notNull())
    .addColumn('vectorFileUrl', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('paymentStatus', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('paymentId', 'text', (c) => c.unique())
    .addColumn('settings', sql.raw(json), (c) => c.notNull())
    .addColumn('errorMessage', 'text')
    .addColumn('vectorCount', 'integer')
    .addColumn('fileSize', 'integer')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processingStartedAt', sql.raw(ts))
    .addColumn('completedAt', sql.raw(ts))
    .addColumn('paidAt', sql.raw(ts))
    .addColumn('expiresAt', sql.raw(ts), (c) => c.notNull())
    .addColumn('expiredAt', sql.raw(ts))
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversions_user')
    .on('conversions')
    .columns(['userId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('conversions_visitor')
    .on('conversions')
    .columns(['visitorId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('conversions_queue')
    .on('conversions')
    .columns(['status', 'priority', 'createdAt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['conversions', 'uploads', 'loginFailures', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
