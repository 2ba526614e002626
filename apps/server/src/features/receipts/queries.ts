import type { Db } from '../../db/index.js';
import { type Owner, ownerKeyOf } from '../owner.js';

/**
 * Remembers where the conversion's receipt goes, asked at checkout. An address replaces the one
 * given before, null removes it, undefined keeps it (the checkout asks again as it loads).
 */
export async function keepReceiptAddress(
  db: Db,
  conversionId: string,
  email: string | null | undefined,
  origin: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('receipts')
    .values({ conversionId, email: email ?? null, origin, createdAt: now.toISOString(), sentAt: null })
    .onConflict((oc) =>
      oc.column('conversionId').doUpdateSet(email === undefined ? { origin } : { origin, email }),
    )
    .execute();
}

/**
 * Takes the conversion's receipt for sending: only the first caller gets it (the return page and
 * the webhook may both fulfil the payment, in different processes). Undefined when there is none
 * or it was taken already.
 */
export async function takeReceipt(db: Db, conversionId: string, now: Date) {
  return db
    .updateTable('receipts')
    .set({ sentAt: now.toISOString() })
    .where('conversionId', '=', conversionId)
    .where('sentAt', 'is', null)
    .returning(['email', 'origin'])
    .executeTakeFirst();
}

/** Lets the owner open the upload's conversions: a receipt link was opened in their browser. */
export async function addRestoredUpload(db: Db, uploadId: string, owner: Owner, now: Date): Promise<void> {
  await db
    .insertInto('restoredUploads')
    .values({ uploadId, owner: ownerKeyOf(owner), createdAt: now.toISOString() })
    .onConflict((oc) => oc.columns(['uploadId', 'owner']).doNothing())
    .execute();
}

/** The upload's link generation: what its receipt links are signed with now. */
export async function linkGenerationOf(db: Db, uploadId: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select('linkGeneration')
    .where('id', '=', uploadId)
    .executeTakeFirst();
  return row?.linkGeneration ?? 0;
}

/**
 * Ends the upload's receipt links: every link signed so far answers 410, the browsers and accounts
 * they opened the upload in no longer may, and what those re-tuned of it is no longer paid for (its
 * owner keeps it all, and gets a new link).
 */
export async function endLinks(db: Db, uploadId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const upload = await tx
      .updateTable('uploads')
      .set((eb) => ({ linkGeneration: eb('linkGeneration', '+', 1) }))
      .where('id', '=', uploadId)
      .returning(['userId', 'visitorId'])
      .executeTakeFirst();
    await tx.deleteFrom('restoredUploads').where('uploadId', '=', uploadId).execute();
    if (!upload) return;
    // Another owner's conversion of the image (null-safe: a visitor's has no user, a user's may
    // have no visitor).
    await tx
      .updateTable('conversions')
      .set({ paymentStatus: 'unpaid', paidAt: null })
      .where('uploadId', '=', uploadId)
      .where('paymentStatus', '=', 'paid')
      .where((eb) =>
        upload.userId
          ? eb.or([eb('userId', 'is', null), eb('userId', '<>', upload.userId)])
          : eb.or([
              eb('userId', 'is not', null),
              eb('visitorId', 'is', null),
              eb('visitorId', '<>', upload.visitorId ?? ''),
            ]),
      )
      .execute();
  });
}
