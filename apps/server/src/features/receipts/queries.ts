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

/** What a receipt link brought to a visitor becomes the account's when they sign in, as their work does. */
export async function moveRestoredUploads(db: Db, visitorId: string, userId: string): Promise<void> {
  const from = ownerKeyOf({ visitorId });
  await db
    .insertInto('restoredUploads')
    .columns(['uploadId', 'owner', 'createdAt'])
    .expression((eb) =>
      eb
        .selectFrom('restoredUploads')
        .select((s) => ['uploadId', s.val(ownerKeyOf({ userId })).as('owner'), 'createdAt'])
        .where('owner', '=', from),
    )
    .onConflict((oc) => oc.columns(['uploadId', 'owner']).doNothing())
    .execute();
  await db.deleteFrom('restoredUploads').where('owner', '=', from).execute();
}
