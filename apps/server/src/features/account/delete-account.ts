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
  const conversions = await db.selectFrom('conversions').select('id').where('userId', '=', user.id).execute();
  for (const { id } of conversions) for (const key of resultKeys(id)) await store.delete(key);
  const uploads = await db.selectFrom('uploads').select('id').where('userId', '=', user.id).execute();
  for (const { id } of uploads) await store.delete(uploadKey(id));
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('conversions').where('userId', '=', user.id).execute();
    await tx.deleteFrom('uploads').where('userId', '=', user.id).execute();
    await tx.deleteFrom('sessions').where('userId', '=', user.id).execute();
    await tx.deleteFrom('apiKeys').where('userId', '=', user.id).execute();
    await tx.deleteFrom('loginFailures').where('usernameKey', '=', user.usernameKey).execute();
    await tx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
