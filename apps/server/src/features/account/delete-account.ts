import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { resultKeys, uploadKey } from '../../storage/object-store.js';
import type { UserRow } from '../auth/queries.js';

/**
 * Deletes a user with everything they made: files first (a crash leaves rows the next attempt
 * finds again), then rows; a running subscription is cancelled so that it is never charged again.
 */
export async function deleteAccount(deps: Deps, user: UserRow): Promise<void> {
  const { db, store } = deps;
  if (user.stripeSubscriptionId && user.planType === 'pro') {
    await deps.payments.setCancelAtPeriodEnd(user.stripeSubscriptionId, true);
  }
  // With the user's images go the conversions of them that others made after opening a receipt
  // link (restoredUploads): they are re-tunings of the user's image.
  const theirs = (eb: ExpressionBuilder<Database, 'conversions'>) =>
    eb.or([
      eb('userId', '=', user.id),
      eb(
        'uploadId',
        'in',
        eb.selectFrom('uploads').select('uploads.id').where('uploads.userId', '=', user.id),
      ),
    ]);
  const conversions = await db.selectFrom('conversions').select('id').where(theirs).execute();
  for (const { id } of conversions) for (const key of resultKeys(id)) await store.delete(key);
  const uploads = await db.selectFrom('uploads').select('id').where('userId', '=', user.id).execute();
  for (const { id } of uploads) await store.delete(uploadKey(id));
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('conversions').where(theirs).execute();
    await tx.deleteFrom('uploads').where('userId', '=', user.id).execute();
    await tx.deleteFrom('sessions').where('userId', '=', user.id).execute();
    await tx.deleteFrom('apiKeys').where('userId', '=', user.id).execute();
    await tx.deleteFrom('loginFailures').where('usernameKey', '=', user.usernameKey).execute();
    await tx.deleteFrom('unlockMails').where('usernameKey', '=', user.usernameKey).execute();
    await tx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
