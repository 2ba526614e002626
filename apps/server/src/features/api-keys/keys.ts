import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type ApiKey, type CreatedApiKey, MAX_API_KEYS } from '@vectrace/contract';
import type { Db } from '../../db/index.js';
import { AppError } from '../../errors.js';
import { lockOwner } from '../limits/quotas.js';

/** Every key starts so: easy to recognise in a config file, and for secret scanners. */
const KEY_START = 'vt_';
/** Characters of the key shown on the account page to tell keys apart. */
const PREFIX_LENGTH = KEY_START.length + 6;
/** At most one lastUsedAt write per key in this time: a busy key is not a write per call. */
const LAST_USED_EVERY_MS = 60_000;

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

const columns = ['id', 'name', 'prefix', 'createdAt', 'lastUsedAt'] as const;

/** The user's keys, newest first. */
export function listKeys(db: Db, userId: string): Promise<ApiKey[]> {
  return db
    .selectFrom('apiKeys')
    .select(columns)
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

/** A new key for the user: its secret (32 random bytes) is returned once and kept only as a hash. */
export async function createKey(db: Db, userId: string, name: string, now: Date): Promise<CreatedApiKey> {
  const secret = `${KEY_START}${randomBytes(32).toString('base64url')}`;
  const key: ApiKey = {
    id: randomUUID(),
    name,
    prefix: secret.slice(0, PREFIX_LENGTH),
    createdAt: now.toISOString(),
    lastUsedAt: null,
  };
  await db.transaction().execute(async (tx) => {
    await lockOwner(tx, { userId });
    const { count } = await tx
      .selectFrom('apiKeys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_API_KEYS) {
      throw new AppError(
        409,
        'conflict',
        `You have ${MAX_API_KEYS} API keys, the most one account can hold. Revoke one you no longer use first.`,
      );
    }
    await tx
      .insertInto('apiKeys')
      .values({ ...key, userId, hash: digest(secret) })
      .execute();
  });
  return { key, secret };
}

/** Revokes one of the user's keys; false if they hold no such key. */
export async function revokeKey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('apiKeys')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Revokes every key of the user (a password change, unless declined). */
export async function revokeAllKeys(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('apiKeys').where('userId', '=', userId).execute();
}

/** The key a bearer secret names, recording its use; undefined for an unknown or revoked key. */
export async function useKey(
  db: Db,
  secret: string,
  now: Date,
): Promise<{ id: string; userId: string } | undefined> {
  if (!secret.startsWith(KEY_START)) return undefined;
  const row = await db
    .selectFrom('apiKeys')
    .select(['id', 'userId', 'lastUsedAt'])
    .where('hash', '=', digest(secret))
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) > LAST_USED_EVERY_MS) {
    await db.updateTable('apiKeys').set({ lastUsedAt: now.toISOString() }).where('id', '=', row.id).execute();
  }
  return { id: row.id, userId: row.userId };
}
