import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/index.js';
import { AppError } from '../../errors.js';

// Failed logins are counted per username and address (so guessing one account from one place
// stops, while its owner, elsewhere, still logs in: nobody can lock anyone out) and per address
// (so spraying many usernames stops too). Failures of one username from many addresses slow its
// logins down (a growing delay), and past a few dozen an hour only browsers that signed in to the
// account before (known-browsers.ts) may still try it: guesses from ever new addresses stop, while
// the owner's own browser, wherever it is, still logs in. Counts live in the database: they
// survive restarts and span processes.
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 50;
/** Failures of one username from all addresses together, per hour, before strangers are refused. */
export const MAX_FAILURES_PER_ACCOUNT = 30;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
/** Each failure of the username past the first five, from anywhere, adds this much waiting. */
export const DELAY_PER_FAILURE_MS = 200;
export const MAX_DELAY_MS = 3000;

/**
 * Starts a login attempt: 429 with Retry-After while this address is at either limit, or while
 * the account is at its hourly limit and the browser never signed in to it (`knownBrowser`);
 * waits the username's delay. Otherwise the attempt is recorded as a failure before the password is
 * checked, and counted again: guesses sent all at once would each pass a check made before any
 * of them is recorded, so the limit would not hold. Of attempts racing each other, at most as
 * many as the limit leaves go on (the last of them to count sees all the others). A successful
 * login then clears the record (clearLoginFailures); a failed one leaves it as the failure.
 */
export async function beginLoginAttempt(
  db: Db,
  attempt: { usernameKey: string; ip: string; knownBrowser: boolean },
  now: Date,
): Promise<void> {
  const { usernameKey, ip, knownBrowser } = attempt;
  await refuseWhileLimited(db, usernameKey, ip, now);
  if (!knownBrowser) await refuseStrangersWhileTargeted(db, usernameKey, now);
  const { id } = await db
    .insertInto('loginFailures')
    .values({ usernameKey, ip, createdAt: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await refuseWhileLimited(db, usernameKey, ip, now, id);
    if (!knownBrowser) await refuseStrangersWhileTargeted(db, usernameKey, now, id);
  } catch (err) {
    // Refused attempts check no password, so they do not count.
    await db.deleteFrom('loginFailures').where('id', '=', id).execute();
    throw err;
  }
  const delay = await usernameDelay(db, usernameKey, now, id);
  if (delay > 0) await sleep(delay);
}

const since = (now: Date) => new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();

/** 429 if this address's failures other than `exceptId` within the window reach either limit. */
async function refuseWhileLimited(
  db: Db,
  usernameKey: string,
  ip: string,
  now: Date,
  exceptId?: number,
): Promise<void> {
  for (const [forUsername, max] of [
    [true, MAX_FAILURES_PER_USERNAME],
    [false, MAX_FAILURES_PER_IP],
  ] as const) {
    let query = db
      .selectFrom('loginFailures')
      .select('createdAt')
      .where('ip', '=', ip)
      .where('createdAt', '>', since(now));
    if (forUsername) query = query.where('usernameKey', '=', usernameKey);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    const failures = await query.orderBy('createdAt', 'desc').limit(max).execute();
    if (failures.length < max) continue;
    const oldest = failures[failures.length - 1];
    const retryMs = Math.max(1000, Date.parse(oldest.createdAt) + LOGIN_WINDOW_MS - now.getTime());
    const minutes = Math.ceil(retryMs / 60_000);
    const who = forUsername ? 'for this username from your network' : 'from your network';
    throw new AppError(
      429,
      'rate_limited',
      `Too many failed login attempts ${who}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'retry-after': String(Math.ceil(retryMs / 1000)) },
    );
  }
}

/**
 * 429 once the username's failures other than `exceptId`, from all addresses, reach the hourly
 * limit: someone is guessing from many places, so only browsers that signed in before may try.
 */
async function refuseStrangersWhileTargeted(db: Db, usernameKey: string, now: Date, exceptId?: number) {
  let query = db
    .selectFrom('loginFailures')
    .select('createdAt')
    .where('usernameKey', '=', usernameKey)
    .where('createdAt', '>', new Date(now.getTime() - ACCOUNT_WINDOW_MS).toISOString());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const failures = await query.orderBy('createdAt', 'desc').limit(MAX_FAILURES_PER_ACCOUNT).execute();
  if (failures.length < MAX_FAILURES_PER_ACCOUNT) return;
  const oldest = failures[failures.length - 1];
  const retryMs = Math.max(1000, Date.parse(oldest.createdAt) + ACCOUNT_WINDOW_MS - now.getTime());
  const minutes = Math.ceil(retryMs / 60_000);
  throw new AccountTargetedError(minutes, Math.ceil(retryMs / 1000));
}

/**
 * A stranger's login refused while the account is being guessed at from many places: the route
 * e-mails the owner a link that lets a new browser sign in (unlock-mail.ts). Whether the password
 * was right is not said (it was not checked), nor where the mail went.
 */
export class AccountTargetedError extends AppError {
  constructor(minutes: number, retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `This account has had too many failed logins from many places lately, so it only accepts logins from browsers that signed in to it before. We've e-mailed the account's owner a link that lets a new browser sign in; or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'retry-after': String(retryAfterSeconds) },
    );
  }
}

/** The wait before checking a password of a username that failed often lately, from anywhere. */
async function usernameDelay(db: Db, usernameKey: string, now: Date, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('loginFailures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('usernameKey', '=', usernameKey)
    .where('createdAt', '>', since(now))
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  const past = Number(row.n) - MAX_FAILURES_PER_USERNAME + 1;
  return past > 0 ? Math.min(MAX_DELAY_MS, past * DELAY_PER_FAILURE_MS) : 0;
}

/** A successful login forgets that username's failures from this address; the sweeper prunes the rest. */
export async function clearLoginFailures(db: Db, usernameKey: string, ip: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('usernameKey', '=', usernameKey).where('ip', '=', ip).execute();
}

/** Forgets failures older than the longest window: they no longer count. */
export async function pruneLoginFailures(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('loginFailures')
    .where('createdAt', '<', new Date(now.getTime() - ACCOUNT_WINDOW_MS).toISOString())
    .execute();
}
