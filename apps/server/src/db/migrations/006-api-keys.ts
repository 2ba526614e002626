import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Keys of the developer API: stored as SHA-256 hashes, named and revocable by their owner.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('apiKeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', sql.raw(ts), (c) => c.notNull())
    .addColumn('lastUsedAt', sql.raw(ts))
    .execute();
  await db.schema.createIndex('api_keys_user').on('apiKeys').column('userId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('apiKeys').execute();
}
