import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ExpressionBuilder } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Db } from '../db/index.js';
import { lockTransaction } from '../db/locks.js';
import type { Database } from '../db/schema.js';

/**
 * One attempt at a conversion. Its token is written into the row when the conversion is claimed;
 * every later write of the attempt (stage, lease, outcome) holds only while the row still carries
 * it. So an attempt whose lease ran out and whose conversion was taken back, or given to another
 * attempt, can no longer change anything.
 */
export interface Claim {
  conversionId: string;
  token: string;
}

/** How many conversions of the owner of the conversion in the query are tracing. */
function tracingOfOwner(eb: ExpressionBuilder<Database, 'conversions'>) {
  return eb
    .selectFrom('conversions as tracing')
    .select((t) => t.fn.countAll<number>().as('n'))
    .where('tracing.status', '=', 'processing')
    .where((t) =>
      t.or([
        t.and([
          t('conversions.userId', 'is not', null),
          t('tracing.userId', '=', t.ref('conversions.userId')),
        ]),
        t.and([
          t('conversions.userId', 'is', null),
          t('tracing.userId', 'is', null),
          t('tracing.visitorId', '=', t.ref('conversions.visitorId')),
        ]),
      ]),
    );
}

/** A claim token that says which process made it, for the logs and a person reading the table. */
export const claimToken = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const leaseEnd = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs).toISOString();

/**
 * Takes the next pending conversion (Pro first, then by turn, then oldest; see queuePosition) of
 * an owner tracing fewer than `ownerTraces` (so that one owner's costly traces never hold every
 * worker: another owner's conversion starts when a worker is free, not when the first owner's
 * traces end), and marks it processing under a lease, atomically. Claims run one at a time (SQLite
 * runs one writer at a time; PostgreSQL takes an advisory lock until commit): counted while another
 * claim was uncommitted, an owner's conversions in progress would miss it, and two workers asking
 * at once would each start one of that owner's.
 */
export async function claimNextConversion(
  db: Db,
  now: Date,
  leaseMs: number,
  ownerTraces: number,
): Promise<Claim | undefined> {
  if (dialectOf(db) !== 'postgres') return claimNext(db, now, leaseMs, ownerTraces);
  return db.transaction().execute(async (tx) => {
    await lockTransaction(tx, 'claim next conversion');
    return claimNext(tx, now, leaseMs, ownerTraces);
  });
}

async function claimNext(
  db: Db,
  now: Date,
  leaseMs: number,
  ownerTraces: number,
): Promise<Claim | undefined> {
  const token = claimToken();
  const row = await db
    .updateTable('conversions')
    .set((eb) => ({
      status: 'processing',
      processingStartedAt: now.toISOString(),
      attempts: eb('attempts', '+', 1),
      claimedBy: token,
      leaseExpiresAt: leaseEnd(now, leaseMs),
      retryAt: null,
    }))
    .where('status', '=', 'pending')
    .where('id', '=', (eb) =>
      eb
        .selectFrom('conversions')
        .select('id')
        .where('status', '=', 'pending')
        .where((w) => w.or([w('retryAt', 'is', null), w('retryAt', '<=', now.toISOString())]))
        .where((w) => w(tracingOfOwner(w), '<', ownerTraces))
        .orderBy('priority', 'desc')
        .orderBy('queueRound')
        .orderBy('createdAt')
        .orderBy('id')
        .limit(1)
        // A row another transaction holds (a payment, a deletion) is passed over, not waited for.
        .$if(dialectOf(db) === 'postgres', (qb) => qb.forUpdate().skipLocked()),
    )
    .returning('id')
    .executeTakeFirst();
  return row ? { conversionId: row.id, token } : undefined;
}

/** Whether the conversion waits for a worker and may be claimed now. */
export async function isClaimable(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('conversions')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((w) => w.or([w('retryAt', 'is', null), w('retryAt', '<=', now.toISOString())]))
    .executeTakeFirst();
  return row !== undefined;
}

const claimed = (claim: Claim) => (db: Db) =>
  db
    .updateTable('conversions')
    .where('id', '=', claim.conversionId)
    .where('status', '=', 'processing')
    .where('claimedBy', '=', claim.token);

/** Extends the claim's lease; false once the claim is no longer the conversion's. */
export async function renewLease(db: Db, claim: Claim, now: Date, leaseMs: number): Promise<boolean> {
  const result = await claimed(claim)(db)
    .set({ leaseExpiresAt: leaseEnd(now, leaseMs) })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The worker's progress on a processing conversion, for the progress bar. */
export async function setStage(db: Db, claim: Claim, stage: 'reading' | 'tracing' | 'saving'): Promise<void> {
  await claimed(claim)(db).set({ stage }).execute();
}

/**
 * Records a finished trace, if the claim is still the conversion's and it has not expired. One
 * completed while its owner is Pro is theirs to download for good, should Pro end later.
 */
export async function completeConversion(
  db: Db,
  claim: Claim,
  result: {
    vectorFileUrl: string;
    vectorCount: number;
    fileSize: number;
    notice: string | null;
    reading: string;
    tracedMode: string;
    markAnchor: string;
    completedAt: string;
  },
): Promise<boolean> {
  const done = await claimed(claim)(db)
    .set((eb) => ({
      status: 'completed',
      errorMessage: null,
      stage: null,
      leaseExpiresAt: null,
      ...result,
      paymentStatus: eb
        .case()
        .when(
          eb.and([
            eb('paymentStatus', '=', 'unpaid'),
            eb.exists(
              eb
                .selectFrom('users')
                .select('users.id')
                .whereRef('users.id', '=', 'conversions.userId')
                .where('users.planType', '=', 'pro'),
            ),
          ]),
        )
        .then('subscription_active')
        .else(eb.ref('paymentStatus'))
        .end(),
    }))
    .where('expiredAt', 'is', null)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/** Ends the claimed conversion with a reason a person can act on. */
export async function failConversion(db: Db, claim: Claim, errorMessage: string, now: Date): Promise<void> {
  await claimed(claim)(db)
    .set({
      status: 'failed',
      errorMessage,
      stage: null,
      leaseExpiresAt: null,
      completedAt: now.toISOString(),
    })
    .execute();
}

/**
 * Puts claimed conversions back in the queue (a stopped trace, a shutdown). With `refund`, the
 * attempt does not count: the conversion was not at fault. With `retryAt`, it is not claimed
 * again before then (a backoff after a failure). Returns the ids put back.
 */
export async function requeueClaims(
  db: Db,
  claims: Claim[],
  options: { refund?: boolean; retryAt?: Date } = {},
): Promise<string[]> {
  const requeued: string[] = [];
  for (const claim of claims) {
    const result = await claimed(claim)(db)
      .set((eb) => ({
        status: 'pending',
        processingStartedAt: null,
        stage: null,
        claimedBy: null,
        leaseExpiresAt: null,
        retryAt: options.retryAt?.toISOString() ?? null,
        attempts: options.refund ? eb('attempts', '-', 1) : eb.ref('attempts'),
      }))
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) requeued.push(claim.conversionId);
  }
  return requeued;
}

// A row processing without a lease was claimed before leases existed: its process is long gone.
const leaseRanOut = (now: string) => (eb: ExpressionBuilder<Database, 'conversions'>) =>
  eb.or([eb('leaseExpiresAt', '<', now), eb('leaseExpiresAt', 'is', null)]);

/**
 * Conversions whose claim's lease ran out (its process died, or lost the database) go back in the
 * queue, or fail with `message(attempts)` once out of attempts. A live process renews its leases,
 * so its work is never taken from it. Returns the ids put back in the queue.
 */
export async function recoverExpiredLeases(
  db: Db,
  options: { now: Date; maxAttempts: number; message: (attempts: number) => string },
): Promise<string[]> {
  const now = options.now.toISOString();
  await db
    .updateTable('conversions')
    .set({
      status: 'failed',
      errorMessage: options.message(options.maxAttempts),
      stage: null,
      leaseExpiresAt: null,
      completedAt: now,
    })
    .where('status', '=', 'processing')
    .where(leaseRanOut(now))
    .where('attempts', '>=', options.maxAttempts)
    .execute();
  const rows = await db
    .updateTable('conversions')
    .set({ status: 'pending', processingStartedAt: null, stage: null, claimedBy: null, leaseExpiresAt: null })
    .where('status', '=', 'processing')
    .where(leaseRanOut(now))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The ids of every pending conversion, oldest first: what the queue must hold. */
export async function pendingConversions(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('conversions')
    .select('id')
    .where('status', '=', 'pending')
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => row.id);
}
