import type { AccountSummary } from '@vectrace/contract';
import type { Db } from '../../db/index.js';
import { emailOf, type UserRow } from '../auth/queries.js';

/** The first instant of the month `now` is in, UTC. */
function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** The account page's figures: plan, the subscription's dates, conversions this month. */
export async function accountSummary(db: Db, user: UserRow, now: Date): Promise<AccountSummary> {
  const { n } = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', user.id)
    .where('createdAt', '>=', monthStart(now))
    .executeTakeFirstOrThrow();
  return {
    username: user.username,
    email: emailOf(user),
    planType: user.planType === 'pro' ? 'pro' : 'free',
    subscription: user.stripeSubscriptionId
      ? {
          status: user.subscriptionStatus ?? 'active',
          cancelAtPeriodEnd: Boolean(user.subscriptionCancelAtPeriodEnd),
          currentPeriodEnd: user.subscriptionPeriodEnd,
        }
      : null,
    conversionsThisMonth: Number(n),
    createdAt: user.createdAt,
  };
}
