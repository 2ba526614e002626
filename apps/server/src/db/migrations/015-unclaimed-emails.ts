import type { Kysely } from 'kysely';

// An address typed at sign-up that was already another account's: the new account is made all the
// same (sign-up tells no one which addresses have accounts), keeps the address only to show it to
// its owner, and is never mailed at it; its `email` is a placeholder that is no address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('unclaimedEmail', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('unclaimedEmail').execute();
}
