import { sql } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Db } from './index.js';

/**
 * Serializes the transaction `tx` with every other one that names the same key, until it ends:
 * SQLite runs one write transaction at a time already; PostgreSQL takes an advisory lock, released
 * at commit. So a count read after it sees every write the others made before they committed.
 */
export async function lockTransaction(tx: Db, key: string): Promise<void> {
  if (dialectOf(tx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
}

/**
 * Takes or keeps the named lock for `holder` until now + ttlMs: true if `holder` has it. A lock
 * whose holder stopped renewing it is free once it has run out, so a dead process never keeps a
 * chore from being done. One statement, so two processes never both get it.
 */
export async function holdLock(
  db: Db,
  name: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  const row = await db
    .insertInto('locks')
    .values({ name, holder, expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expiresAt })
        .where((eb) =>
          eb.or([eb('locks.holder', '=', holder), eb('locks.expiresAt', '<', now.toISOString())]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lock up at once (a clean shutdown), so another process need not wait for it to run out. */
export async function releaseLock(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('locks').where('name', '=', name).where('holder', '=', holder).execute();
}
