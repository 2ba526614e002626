import type { Kysely } from 'kysely';

// The fair queue takes each owner's conversions in turns (queueRound: how many of the owner's
// were waiting or tracing when it was made), and quotas count an owner's recent uploads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversions')
    .addColumn('queueRound', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('conversions_fair_queue')
    .on('conversions')
    .columns(['status', 'priority', 'queueRound', 'createdAt'])
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['userId', 'createdAt']).execute();
  await db.schema.createIndex('uploads_visitor').on('uploads').columns(['visitorId', 'createdAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_visitor').execute();
  await db.schema.dropIndex('uploads_user').execute();
  await db.schema.dropIndex('conversions_fair_queue').execute();
  await db.schema.alterTable('conversions').dropColumn('queueRound').execute();
}
