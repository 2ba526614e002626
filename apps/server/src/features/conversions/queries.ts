import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ConversionsTable } from '../../db/schema.js';
import { type Owner, ownedBy, ownedOrRestoredConversion } from '../owner.js';

export type ConversionRow = Selectable<ConversionsTable>;

export async function insertConversion(
  db: Db,
  row: Omit<
    ConversionRow,
    | 'paymentStatus'
    | 'priority'
    | 'attempts'
    | 'queueRound'
    | 'claimedBy'
    | 'leaseExpiresAt'
    | 'retryAt'
    | 'resultOptions'
    | 'reading'
    | 'tracedMode'
    | 'markAnchor'
  > & {
    priority: number;
    queueRound: number;
    resultOptions?: string;
  },
): Promise<void> {
  await db.insertInto('conversions').values(row).execute();
}

/** A new conversion of an upload already paid for is paid: re-tuning an image is free. */
export async function payUploadedConversion(db: Db, conversionId: string): Promise<void> {
  await db
    .updateTable('conversions')
    .set((eb) => ({
      paymentStatus: 'paid',
      paidAt: eb
        .selectFrom('uploads')
        .select('uploads.paidAt')
        .whereRef('uploads.id', '=', 'conversions.uploadId'),
    }))
    .where('id', '=', conversionId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('uploads')
          .select('uploads.id')
          .whereRef('uploads.id', '=', 'conversions.uploadId')
          .where('uploads.paidAt', 'is not', null),
      ),
    )
    .execute();
}

/** How many of the owner's conversions are waiting or tracing: a new one's turn in the fair queue. */
export async function queuedOrTracing(db: Db, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedBy(owner))
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The conversion if the owner holds it, or a receipt link brought it to them; undefined otherwise
 * (the route answers 404 either way).
 */
export function findOwnedConversion(db: Db, id: string, owner: Owner): Promise<ConversionRow | undefined> {
  return db
    .selectFrom('conversions')
    .selectAll()
    .where('id', '=', id)
    .where(ownedOrRestoredConversion(owner))
    .executeTakeFirst();
}

export function findConversion(db: Db, id: string): Promise<ConversionRow | undefined> {
  return db.selectFrom('conversions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A page of the owner's conversions, newest first; after `before` (a conversion of theirs) when
 * given; with `keptOnly`, only those whose files are kept (not deleted). Asks for one more than
 * `limit`: its presence means there is a next page.
 */
export async function listOwnedConversions(
  db: Db,
  owner: Owner,
  page: { limit: number; before?: string; keptOnly?: boolean },
): Promise<ConversionRow[]> {
  const after = page.before ? await findOwnedConversion(db, page.before, owner) : undefined;
  if (page.before && !after) return [];
  return db
    .selectFrom('conversions')
    .selectAll()
    .where(ownedBy(owner))
    .$if(page.keptOnly === true, (qb) => qb.where('expiredAt', 'is', null))
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('createdAt', '<', after?.createdAt ?? ''),
          eb.and([eb('createdAt', '=', after?.createdAt ?? ''), eb('id', '<', after?.id ?? '')]),
        ]),
      ),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/**
 * 1-based place in the queue of a pending conversion, in the order claims take them: higher
 * priority first, then by turn (each owner's first waiting conversion before anyone's second:
 * one owner's burst cannot starve the others), then oldest first.
 */
export async function queuePosition(db: Db, row: ConversionRow): Promise<number> {
  const ahead = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('priority', '>', row.priority),
        eb.and([eb('priority', '=', row.priority), eb('queueRound', '<', row.queueRound)]),
        eb.and([
          eb('priority', '=', row.priority),
          eb('queueRound', '=', row.queueRound),
          eb.or([
            eb('createdAt', '<', row.createdAt),
            eb.and([eb('createdAt', '=', row.createdAt), eb('id', '<', row.id)]),
          ]),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

/** Conversions past their expiry whose files may still be kept (not yet expired, or cut short). */
export async function conversionsDueForExpiry(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('conversions')
    .select('id')
    .where('expiresAt', '<', now.toISOString())
    .where((eb) => eb.or([eb('expiredAt', 'is', null), eb('vectorFileUrl', 'is not', null)]))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Marks a conversion expired, before its file is deleted: a trace finishing now can no longer
 * complete it. One still waiting after a day will never be shown: it ends with a reason.
 */
export async function markExpired(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('conversions')
    .set((eb) => ({
      expiredAt: eb.fn.coalesce('expiredAt', eb.val(now.toISOString())),
      originalFileUrl: '',
      status: eb
        .case()
        .when('status', 'in', ['pending', 'processing'])
        .then('failed')
        .else(eb.ref('status'))
        .end(),
      errorMessage: eb
        .case()
        .when('status', 'in', ['pending', 'processing'])
        .then('The conversion expired before it could be processed. Please upload the image again.')
        .else(eb.ref('errorMessage'))
        .end(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Once its file is deleted, the conversion keeps no file URL. */
export async function clearVectorFileUrl(db: Db, id: string): Promise<void> {
  await db.updateTable('conversions').set({ vectorFileUrl: null }).where('id', '=', id).execute();
}

/** Conversions waiting to be traced, and when the oldest of them was made (for /metrics). */
export async function waitingSummary(db: Db): Promise<{ waiting: number; oldest: string | null }> {
  const row = await db
    .selectFrom('conversions')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('createdAt').as('oldest')])
    .where('status', '=', 'pending')
    .where('expiredAt', 'is', null)
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}
