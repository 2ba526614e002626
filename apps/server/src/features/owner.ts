import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

/** Who owns uploads and conversions: a signed-in user, or an anonymous visitor (spec section 1). */
export type Owner = { userId: string; visitorId?: undefined } | { userId?: undefined; visitorId: string };

/** The owner's columns for a new row. */
export function ownerColumns(owner: Owner): { userId: string | null; visitorId: string | null } {
  return owner.userId
    ? { userId: owner.userId, visitorId: null }
    : { userId: null, visitorId: owner.visitorId ?? null };
}

/** A where-clause matching rows the owner holds. */
export function ownedBy(owner: Owner) {
  return <T extends 'uploads' | 'conversions'>(eb: ExpressionBuilder<Database, T>) => {
    const ref = eb as unknown as ExpressionBuilder<Database, 'uploads'>;
    return owner.userId
      ? ref('userId', '=', owner.userId)
      : ref.and([ref('visitorId', '=', owner.visitorId ?? ''), ref('userId', 'is', null)]);
  };
}

/** The owner as one key, for counters and limits: `user:{id}` or `visitor:{id}`. */
export const ownerKeyOf = (owner: Owner) =>
  owner.userId ? `user:${owner.userId}` : `visitor:${owner.visitorId}`;
