import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { type ObjectStore, uploadKey, vectorKey } from '../../storage/object-store.js';
import { LOGIN_WINDOW_MS } from '../auth/throttle.js';

/** Unfinished writes older than this are abandoned (a signed upload URL lives 15 minutes). */
const PARTIAL_WRITE_MAX_AGE_MS = 60 * 60_000;

export interface SweepResult {
  conversions: number;
  uploads: number;
  partialFiles: number;
}

/**
 * Keeps the promise "deleted automatically within 24 hours": originals and results older than
 * the retention period are deleted from storage. Rows stay, marked expired, without file URLs.
 * Files go first and rows after, so an interrupted sweep is simply done again next time.
 */
export async function sweepExpired(deps: {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  retentionMs: number;
}): Promise<SweepResult> {
  const { db, store, clock } = deps;
  const now = clock();
  const cutoff = new Date(now.getTime() - deps.retentionMs).toISOString();

  // Each due conversion is marked expired first (a trace finishing now can no longer complete
  // it), then its file is deleted, then its URL cleared: a sweep cut short is redone next time.
  const conversions = await db
    .selectFrom('conversions')
    .select('id')
    .where('expiresAt', '<', now.toISOString())
    .where((eb) => eb.or([eb('expiredAt', 'is', null), eb('vectorFileUrl', 'is not', null)]))
    .execute();
  for (const { id } of conversions) {
    await db
      .updateTable('conversions')
      .set((eb) => ({
        expiredAt: eb.fn.coalesce('expiredAt', eb.val(now.toISOString())),
        originalFileUrl: '',
        // One still waiting after a day will never be shown: it ends with a reason.
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
    await store.delete(vectorKey(id));
    await db.updateTable('conversions').set({ vectorFileUrl: null }).where('id', '=', id).execute();
  }

  const uploads = await db
    .selectFrom('uploads')
    .select('id')
    .where('deletedAt', 'is', null)
    .where('createdAt', '<', cutoff)
    .execute();
  for (const { id } of uploads) {
    await store.delete(uploadKey(id));
    await db.updateTable('uploads').set({ deletedAt: now.toISOString() }).where('id', '=', id).execute();
  }

  const partialFiles = await store.sweepPartial(new Date(now.getTime() - PARTIAL_WRITE_MAX_AGE_MS));
  await db.deleteFrom('sessions').where('expiresAt', '<', now.toISOString()).execute();
  await db
    .deleteFrom('loginFailures')
    .where('createdAt', '<', new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString())
    .execute();
  return { conversions: conversions.length, uploads: uploads.length, partialFiles };
}
