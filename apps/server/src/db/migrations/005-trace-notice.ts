import type { Kysely } from 'kysely';

// A completed conversion can say something about its result: traced at a reduced size, say.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').addColumn('notice', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').dropColumn('notice').execute();
}
