import type { Kysely } from 'kysely';

// Where a result's preview watermark is fixed ("x y", in the result's units): the middle of the
// picture's content, so every upload of one picture is marked alike (mark-anchor.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').addColumn('markAnchor', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').dropColumn('markAnchor').execute();
}
