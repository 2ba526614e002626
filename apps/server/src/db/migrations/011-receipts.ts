import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Receipts of $1 payments and the way back they carry: where a receipt goes (asked at checkout,
// sent once when the payment is fulfilled), the uploads a receipt link brought back to another
// browser or account, and the outbox that keeps mail when no SMTP server is configured.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('receipts')
    .addColumn('conversionId', 'text', (c) => c.primaryKey().references('conversions.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .addColumn('sentAt', sql.raw(ts))
    .execute();

  await db.schema
    .createTable('restoredUploads')
    .addColumn('uploadId', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .addPrimaryKeyConstraint('restored_uploads_pk', ['uploadId', 'owner'])
    .execute();
  await db.schema.createIndex('restored_uploads_owner').on('restoredUploads').column('owner').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_created').on('outbox').column('createdAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'restoredUploads', 'receipts']) await db.schema.dropTable(table).execute();
}
