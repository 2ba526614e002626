import type { Kysely } from 'kysely';

// How the automatic mode read the image ("Read as a color image, 6 colors"), shown with the result.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').addColumn('reading', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').dropColumn('reading').execute();
}
