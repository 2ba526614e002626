import { sessionEndedMessage } from '@vectrace/contract';
import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';

/** Who owns uploads and conversions: a signed-in user, or an anonymous visitor (spec section 1). */
export type Owner = { userId: string; visitorId?: undefined } | { userId?: undefined; visitorId: string };

/**
 * The owner of the request's work (auth/identity.ts reads it from the cookies); 401 if it has
 * neither a session nor a visitor cookie.
 */
export function requireOwner(request: FastifyRequest): Owner {
  if (request.user) return { userId: request.user.id };
  if (request.visitorId) return { visitorId: request.visitorId };
  throw signInFirst(request, 'Sign in to see your conversions: this browser has none of its own yet.');
}

/**
 * Why a request without a user is refused: its session has ended (the browser still believes it
 * is signed in, so say so), or `otherwise`. Either way the person's next step is to sign in.
 */
export function signInFirst(request: FastifyRequest, otherwise: string): AppError {
  return new AppError(401, 'unauthorized', request.sessionEnded ? sessionEndedMessage : otherwise);
}

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
