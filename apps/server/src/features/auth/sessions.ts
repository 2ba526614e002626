import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/index.js';

/** A session ends after a week without use, and after 30 days whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
// lastSeenAt is written at most this often, so that polling does not write on every request.
const TOUCH_EVERY_MS = 60_000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session and returns the cookie's token (256 random bits). Only its hash is stored. */
export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: digest(token),
      userId,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The user id of a live session, renewing its idle timer; undefined for an unknown or ended one. */
export async function sessionUserId(db: Db, token: string, now: Date): Promise<string | undefined> {
  const id = digest(token);
  const session = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!session) return undefined;
  const idleEnd = Date.parse(session.lastSeenAt) + SESSION_IDLE_MS;
  if (now.getTime() >= Math.min(idleEnd, Date.parse(session.expiresAt))) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return undefined;
  }
  if (now.getTime() - Date.parse(session.lastSeenAt) > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ lastSeenAt: now.toISOString() }).where('id', '=', id).execute();
  }
  return session.userId;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', digest(token)).execute();
}

/** Ends every session of the user but the one with this token. */
export async function deleteOtherSessions(db: Db, userId: string, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).where('id', '<>', digest(token)).execute();
}

/** Forgets sessions past their absolute end (idle ones are refused when presented). */
export async function deleteEndedSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<', now.toISOString()).execute();
}
