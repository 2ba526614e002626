import type { Kysely } from 'kysely';

// The mode a result was traced in (what Auto chose): "Try it as" offers the others.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').addColumn('tracedMode', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').dropColumn('tracedMode').execute();
}
