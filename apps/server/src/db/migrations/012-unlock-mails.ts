import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// When each account's owner was last e-mailed a link that lets a new browser sign in while
// strangers' logins to the account are refused: at most one such mail per account every
// 15 minutes, across processes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('unlockMails')
    .addColumn('usernameKey', 'text', (c) => c.primaryKey())
    .addColumn('sentAt', sql.raw(ts), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unlockMails').execute();
}
