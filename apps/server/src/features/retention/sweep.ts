import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { type ObjectStore, resultKeys, uploadKey } from '../../storage/object-store.js';
import { pruneIdempotencyKeys } from '../api-v1/idempotency.js';
import { deleteEndedSessions } from '../auth/sessions.js';
import { pruneLoginFailures } from '../auth/throttle.js';
import { pruneUnlockMails } from '../auth/unlock-mail.js';
import { uploadStillUsed } from '../conversions/deletion-queries.js';
import {
  clearVectorFileUrl,
  conversionsDueForExpiry,
  findConversion,
  markExpired,
} from '../conversions/queries.js';
import { markUploadDeleted, uploadKept, uploadsDueForDeletion } from '../uploads/queries.js';
import { deleteOrphans } from './reconcile.js';

/** Unfinished writes older than this are abandoned (a signed upload URL lives 15 minutes). */
const PARTIAL_WRITE_MAX_AGE_MS = 60 * 60_000;

export interface SweepResult {
  conversions: number;
  uploads: number;
  partialFiles: number;
  /** Files no row keeps (older than a day), deleted. */
  orphans: number;
  /** Files whose deletion failed (storage unreachable): kept on the list for the next sweep. */
  failed: number;
}

/**
 * Keeps the promise "deleted automatically within 24 hours": originals and results past their
 * expiry are deleted from storage. Rows stay, marked expired, without file URLs. A row is marked
 * deleted only once its files are: a deletion that fails (or a crash) leaves it for the next
 * sweep, and one failure does not hold up the rest. Files that no row keeps are deleted too.
 */
export async function sweepExpired(deps: {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  retentionMs: number;
  /**
   * Whether to list the store for files no row keeps (false for the sweep before serving: a
   * bucket that is slow to list must not hold the server's start; orphans can wait a sweep).
   */
  reconcileStore?: boolean;
  /** A file that could not be deleted, for the log. */
  onError?: (err: unknown) => void;
}): Promise<SweepResult> {
  const { db, store, clock } = deps;
  const now = clock();

  let failed = 0;
  const attempt = async (step: () => Promise<void>) => {
    try {
      await step();
      return true;
    } catch (err) {
      deps.onError?.(err);
      failed++;
      return false;
    }
  };

  const conversions = await conversionsDueForExpiry(db, now);
  let expired = 0;
  let deleted = 0;
  for (const id of conversions) {
    const done = await attempt(async () => {
      await markExpired(db, id, now);
      for (const key of resultKeys(id)) await store.delete(key);
      await clearVectorFileUrl(db, id);
      // Its image goes with it, unless another conversion keeps it: an API call may ask for a
      // shorter retention than the upload's.
      const row = await findConversion(db, id);
      if (
        row?.uploadId &&
        (await uploadKept(db, row.uploadId)) &&
        !(await uploadStillUsed(db, row.uploadId, id))
      ) {
        await store.delete(uploadKey(row.uploadId));
        await markUploadDeleted(db, row.uploadId, now);
        deleted++;
      }
    });
    if (done) expired++;
  }

  const uploads = await uploadsDueForDeletion(db, new Date(now.getTime() - deps.retentionMs));
  for (const id of uploads) {
    const done = await attempt(async () => {
      await store.delete(uploadKey(id));
      await markUploadDeleted(db, id, now);
    });
    if (done) deleted++;
  }

  let orphans = 0;
  if (deps.reconcileStore !== false)
    await attempt(async () => {
      const reconciled = await deleteOrphans(db, store, now, (err) => deps.onError?.(err));
      orphans = reconciled.deleted;
      failed += reconciled.failed;
    });

  const partialFiles = await store.sweepPartial(new Date(now.getTime() - PARTIAL_WRITE_MAX_AGE_MS));
  await deleteEndedSessions(db, now);
  await pruneLoginFailures(db, now);
  await pruneUnlockMails(db, now);
  await pruneIdempotencyKeys(db, now);
  return { conversions: expired, uploads: deleted, partialFiles, orphans, failed };
}
