import type { Db } from '../../db/index.js';
import { AppError } from '../../errors.js';

// Failed logins are counted per username (so guessing one account stops, while its owner's
// other devices and other accounts behind the same IP still work) and per IP (so spraying many
// usernames stops too). Counts live in the database: they survive restarts and span instances.
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 50;

/**
 * Starts a login attempt: 429 with Retry-After while either count is at its limit. Otherwise the
 * attempt is recorded as a failure before the password is checked, and counted again: guesses
 * sent all at once would each pass a check made before any of them is recorded, so the limit
 * would not hold. Of attempts racing each other, at most as many as the limit leaves go on (the
 * last of them to count sees all the others). A successful login then clears the record
 * (clearLoginFailures); a failed one leaves it as the failure.
 */
export async function beginLoginAttempt(db: Db, usernameKey: string, ip: string, now: Date): Promise<void> {
  await refuseWhileLimited(db, usernameKey, ip, now);
  const attempt = await db
    .insertInto('loginFailures')
    .values({ usernameKey, ip, createdAt: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await refuseWhileLimited(db, usernameKey, ip, now, attempt.id);
  } catch (err) {
    // Refused attempts check no password, so they do not count.
    await db.deleteFrom('loginFailures').where('id', '=', attempt.id).execute();
    throw err;
  }
}

/** 429 if the failures other than `exceptId` within the window reach either limit. */
async function refuseWhileLimited(
  db: Db,
  usernameKey: string,
  ip: string,
  now: Date,
  exceptId?: number,
): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  for (const [column, value, max] of [
    ['usernameKey', usernameKey, MAX_FAILURES_PER_USERNAME],
    ['ip', ip, MAX_FAILURES_PER_IP],
  ] as const) {
    let query = db
      .selectFrom('loginFailures')
      .select('createdAt')
      .where(column, '=', value)
      .where('createdAt', '>', since);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    const failures = await query.orderBy('createdAt', 'desc').limit(max).execute();
    if (failures.length < max) continue;
    const oldest = failures[failures.length - 1];
    const retryMs = Math.max(1000, Date.parse(oldest.createdAt) + LOGIN_WINDOW_MS - now.getTime());
    const minutes = Math.ceil(retryMs / 60_000);
    const who = column === 'ip' ? 'from your network' : 'for this username';
    throw new AppError(
      429,
      `Too many failed login attempts ${who}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'retry-after': String(Math.ceil(retryMs / 1000)) },
    );
  }
}

/** A successful login forgets that username's failures; old rows are pruned by the sweeper. */
export async function clearLoginFailures(db: Db, usernameKey: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('usernameKey', '=', usernameKey).execute();
}

/** Forgets failures older than the window: they no longer count. */
export async function pruneLoginFailures(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('loginFailures')
    .where('createdAt', '<', new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString())
    .execute();
}
