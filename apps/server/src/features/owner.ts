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

// The uploads a receipt link brought to the owner.
const restoredTo = (eb: ExpressionBuilder<Database, never>, owner: Owner) =>
  eb
    .selectFrom('restoredUploads')
    .select('restoredUploads.uploadId')
    .where('restoredUploads.owner', '=', ownerKeyOf(owner));

/**
 * A where-clause matching conversions the owner holds, or whose image a receipt link brought to
 * them (restoredUploads): to read, preview and download one, or convert its image again. Lists
 * and quotas count only what the owner made (ownedBy).
 */
export function ownedOrRestoredConversion(owner: Owner) {
  return (eb: ExpressionBuilder<Database, 'conversions'>) =>
    eb.or([
      ownedBy(owner)(eb),
      eb('conversions.uploadId', 'in', restoredTo(eb as ExpressionBuilder<Database, never>, owner)),
    ]);
}

/** The same for uploads: the original image of a conversion brought back. */
export function ownedOrRestoredUpload(owner: Owner) {
  return (eb: ExpressionBuilder<Database, 'uploads'>) =>
    eb.or([
      ownedBy(owner)(eb),
      eb('uploads.id', 'in', restoredTo(eb as ExpressionBuilder<Database, never>, owner)),
    ]);
}
