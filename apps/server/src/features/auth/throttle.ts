import type { Db } from '../../db/index.js';
import { AppError } from '../../errors.js';

// Failed logins are counted per username (so guessing one account stops, while its owner's
// other devices and other accounts behind the same IP still work) and per IP (so spraying many
// usernames stops too). Counts live in the database: they survive restarts and span instances.
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 50;

/** Refuses the attempt with 429 and Retry-After while either count is at its limit. */
export async function checkLoginAllowed(db: Db, usernameKey: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  for (const [column, value, max] of [
    ['usernameKey', usernameKey, MAX_FAILURES_PER_USERNAME],
    ['ip', ip, MAX_FAILURES_PER_IP],
  ] as const) {
    const failures = await db
      .selectFrom('loginFailures')
      .select('createdAt')
      .where(column, '=', value)
      .where('createdAt', '>', since)
      .orderBy('createdAt', 'desc')
      .limit(max)
      .execute();
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

export async function recordLoginFailure(db: Db, usernameKey: string, ip: string, now: Date): Promise<void> {
  await db.insertInto('loginFailures').values({ usernameKey, ip, createdAt: now.toISOString() }).execute();
}

/** A successful login forgets that username's failures; old rows are pruned by the sweeper. */
export async function clearLoginFailures(db: Db, usernameKey: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('usernameKey', '=', usernameKey).execute();
}
