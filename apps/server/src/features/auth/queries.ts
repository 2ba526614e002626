import type { PublicUser } from '@vectrace/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { UsersTable } from '../../db/schema.js';
import { ownerKeyOf } from '../owner.js';

export type UserRow = Selectable<UsersTable>;

export const usernameKeyOf = (username: string) => username.trim().toLowerCase();

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('usernameKey', '=', usernameKeyOf(username))
    .executeTakeFirst();
}

/** Whether an account has this username, whatever its case. */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('usernameKey', '=', usernameKeyOf(username))
    .executeTakeFirst();
  return row !== undefined;
}

/** The account whose address this is, if any (a lower-cased address). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The `email` of an account made with another account's address: unique, and no address. */
export const unclaimedPlaceholder = (userId: string) => `unclaimed:${userId}`;

/** The address the account's owner gave, as they typed it (lower-cased). */
export const emailOf = (user: Pick<UserRow, 'email' | 'unclaimedEmail'>) => user.unclaimedEmail ?? user.email;

/** Where the account may be mailed: nowhere when its address was another account's at sign-up. */
export const mailboxOf = (user: Pick<UserRow, 'email' | 'unclaimedEmail'>) =>
  user.unclaimedEmail === null ? user.email : undefined;

export async function insertUser(
  db: Db,
  user: {
    id: string;
    username: string;
    email: string;
    unclaimedEmail?: string;
    password: string;
    createdAt: string;
  },
): Promise<UserRow> {
  await db
    .insertInto('users')
    .values({
      ...user,
      usernameKey: usernameKeyOf(user.username),
      stripeCustomerId: null,
      stripeSubscriptionId: null,
    })
    .execute();
  const row = await findUserById(db, user.id);
  if (!row) throw new Error('user vanished after insert');
  return row;
}

/**
 * What a visitor uploaded and converted becomes the account's when they sign up or log in, with
 * what receipt links brought to the visitor. The visitorId stays as a record of who started it
 * (upload URLs are signed for it).
 */
export async function adoptVisitorWork(db: Db, visitorId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const table of ['uploads', 'conversions'] as const) {
      await tx
        .updateTable(table)
        .set({ userId })
        .where('visitorId', '=', visitorId)
        .where('userId', 'is', null)
        .execute();
    }
    await moveRestoredUploads(tx, visitorId, userId);
  });
}

/** What a receipt link brought to a visitor becomes the account's when they sign in, as their work does. */
async function moveRestoredUploads(db: Db, visitorId: string, userId: string): Promise<void> {
  const from = ownerKeyOf({ visitorId });
  await db
    .insertInto('restoredUploads')
    .columns(['uploadId', 'owner', 'createdAt'])
    .expression((eb) =>
      eb
        .selectFrom('restoredUploads')
        .select((s) => ['uploadId', s.val(ownerKeyOf({ userId })).as('owner'), 'createdAt'])
        .where('owner', '=', from),
    )
    .onConflict((oc) => oc.columns(['uploadId', 'owner']).doNothing())
    .execute();
  await db.deleteFrom('restoredUploads').where('owner', '=', from).execute();
}

/** The user's plan ('free' or 'pro'); undefined for an unknown id. */
export async function planTypeOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('planType').where('id', '=', userId).executeTakeFirst();
  return row?.planType;
}

/** Counts one more conversion against the user (conversionsUsed). */
export async function countConversion(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ conversionsUsed: eb('conversionsUsed', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** The user as every call returns it: never the password hash or payment ids. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: emailOf(row),
    planType: row.planType === 'pro' ? 'pro' : 'free',
    conversionsUsed: row.conversionsUsed,
    conversionsLimit: row.conversionsLimit,
    createdAt: row.createdAt,
  };
}
