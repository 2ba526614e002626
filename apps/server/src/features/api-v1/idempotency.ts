import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { AppError } from '../../errors.js';

/** How long a key is remembered (as Stripe does): a retry within a day makes no second job. */
export const IDEMPOTENCY_KEY_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for the first attempt, still under way, to have made its job. */
const WAIT_FOR_FIRST_MS = 15_000;

/** The header's value: 1 to 255 visible characters, or undefined when not sent. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError(
      400,
      'invalid_request',
      'Idempotency-Key must be 1 to 255 visible characters, such as a UUID made for this request.',
    );
  }
  return key;
}

/** What makes two requests the same: the image (or its URL) and every option. */
export function fingerprintOf(image: Buffer | string, options: object): string {
  return createHash('sha256').update(image).update(JSON.stringify(options)).digest('hex');
}

/**
 * Claims the key for this request. Returns null when the request is the first with this key (the
 * caller makes the job, then calls `settle`, or `release` if it could not); the job id when an
 * earlier request with the key made one. A key used for another request is refused.
 */
export async function claimKey(
  db: Db,
  claim: { userId: string; key: string; fingerprint: string },
  now: Date,
): Promise<string | null> {
  const since = new Date(now.getTime() - IDEMPOTENCY_KEY_MS).toISOString();
  // A key past its day is forgotten: the request is new.
  await db
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('createdAt', '<', since)
    .execute();
  try {
    await db
      .insertInto('idempotencyKeys')
      .values({ ...claim, conversionId: null, createdAt: now.toISOString() })
      .execute();
    return null;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const until = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const row = await db
      .selectFrom('idempotencyKeys')
      .selectAll()
      .where('userId', '=', claim.userId)
      .where('key', '=', claim.key)
      .executeTakeFirst();
    // The first attempt failed and let the key go: this one is the first now.
    if (!row) return claimKey(db, claim, now);
    if (row.fingerprint !== claim.fingerprint) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was sent with another image or other options in the last 24 hours: use a new key for a new request.',
      );
    }
    if (row.conversionId) return row.conversionId;
    if (Date.now() > until) {
      throw new AppError(
        409,
        'not_ready',
        'A request with this Idempotency-Key is still being handled: try again in a few seconds.',
        { 'retry-after': '2' },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first request with the key made this job. */
export async function settleKey(db: Db, userId: string, key: string, conversionId: string): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set({ conversionId })
    .where('userId', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** The first request with the key made no job (refused or failed): a retry may try again. */
export async function releaseKey(db: Db, userId: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('conversionId', 'is', null)
    .execute();
}

/** Forgets keys past their day (the sweeper's). */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  const since = new Date(now.getTime() - IDEMPOTENCY_KEY_MS).toISOString();
  await db.deleteFrom('idempotencyKeys').where('createdAt', '<', since).execute();
}
