import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Quotas } from '../../config.js';
import type { Db } from '../../db/index.js';
import { lockTransaction } from '../../db/locks.js';
import { type Owner, ownedBy } from '../owner.js';
import { tooMany } from './too-many.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Serializes one owner's quota checks within a transaction, so that a burst of requests cannot
 * all pass the count before any of them is recorded (see lockTransaction).
 */
export async function lockOwner(tx: Db, owner: Owner): Promise<void> {
  await lockTransaction(tx, owner.userId ? `user:${owner.userId}` : `visitor:${owner.visitorId}`);
}

/** 429 if the owner has started as many conversions as a window allows, or keeps too many. */
export async function checkTraceQuota(tx: Db, owner: Owner, quotas: Quotas, now: Date): Promise<void> {
  for (const [windowMs, max, span] of [
    [MINUTE, quotas.tracesPerMinute, 'minute'],
    [HOUR, quotas.tracesPerHour, 'hour'],
  ] as const) {
    const since = new Date(now.getTime() - windowMs).toISOString();
    const recent = await tx
      .selectFrom('conversions')
      .select('createdAt')
      .where(ownedBy(owner))
      .where('createdAt', '>', since)
      .orderBy('createdAt', 'desc')
      .limit(max)
      .execute();
    if (recent.length < max) continue;
    const retryMs = Date.parse(recent[max - 1].createdAt) + windowMs - now.getTime();
    throw tooMany(`You have started ${max} conversions in the last ${span}, the most we allow`, retryMs);
  }
  const kept = await tx
    .selectFrom('conversions')
    .select('expiresAt')
    .where(ownedBy(owner))
    .where('expiredAt', 'is', null)
    .where('status', '!=', 'failed')
    .orderBy('expiresAt')
    .limit(quotas.resultsKept)
    .execute();
  if (kept.length >= quotas.resultsKept) {
    const retryMs = Date.parse(kept[0].expiresAt) - now.getTime();
    throw tooMany(
      `You have ${quotas.resultsKept} conversions kept, the most we keep at once; the oldest is deleted soon`,
      retryMs,
    );
  }
}

/** 429 if the owner has uploaded as many images in the last hour as allowed. */
export async function checkImageQuota(tx: Db, owner: Owner, quotas: Quotas, now: Date): Promise<void> {
  const max = quotas.imagesPerHour;
  const recent = await tx
    .selectFrom('uploads')
    .select('createdAt')
    .where(ownedBy(owner))
    .where('createdAt', '>', new Date(now.getTime() - HOUR).toISOString())
    .orderBy('createdAt', 'desc')
    .limit(max)
    .execute();
  if (recent.length < max) return;
  const retryMs = Date.parse(recent[max - 1].createdAt) + HOUR - now.getTime();
  throw tooMany(`You have uploaded ${max} images in the last hour, the most we allow`, retryMs);
}

/** What a free owner has used of each quota now: the account page of the developer API. */
export async function quotaUsage(db: Db, owner: Owner, now: Date) {
  const count = async (table: 'conversions' | 'uploads', sinceMs: number) => {
    const since = new Date(now.getTime() - sinceMs).toISOString();
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(ownedBy(owner))
      .where('createdAt', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const kept = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(ownedBy(owner))
    .where('expiredAt', 'is', null)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return {
    tracesThisMinute: await count('conversions', MINUTE),
    tracesThisHour: await count('conversions', HOUR),
    imagesThisHour: await count('uploads', HOUR),
    resultsKept: Number(kept.n),
  };
}

/**
 * The per-address cap on starting conversions (CONVERSIONS_PER_MINUTE), for routes that cannot
 * take it as route config (the developer API, whose Pro keys are judged by their key, not their
 * cookie). Counted in Redis when set, so it holds across processes. Throws the 429.
 */
export function addressCap(app: FastifyInstance, perMinute: number) {
  const limit = app.createRateLimit({
    max: perMinute,
    timeWindow: MINUTE,
    keyGenerator: (request) => `conversions-from:${request.ip}`,
  });
  return async function takeFromAddress(request: FastifyRequest): Promise<void> {
    const taken = await limit(request);
    if (taken.isAllowed || !taken.isExceeded) return;
    throw tooMany(
      `${perMinute} conversions were started from your address in the last minute, the most we allow from one address`,
      taken.ttl,
    );
  };
}
