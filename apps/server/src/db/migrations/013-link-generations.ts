import type { Kysely } from 'kysely';

// A receipt link can be ended: each upload counts the links ended so far, and a link is signed
// with that count, so ending makes every link signed before it answer 410.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('linkGeneration', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('linkGeneration').execute();
}
