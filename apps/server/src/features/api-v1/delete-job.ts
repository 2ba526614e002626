import type { Deps } from '../../deps.js';
import { resultKeys, uploadKey } from '../../storage/object-store.js';
import { type ConversionRow, clearVectorFileUrl, markExpired } from '../conversions/queries.js';
import { markUploadDeleted } from '../uploads/queries.js';
import { expireNow, noteDeletedUnfinished, uploadStillUsed } from './queries.js';

/**
 * Deletes a job's files at once: its result, previews and image (unless a re-tuning of the image
 * on the site still keeps it). The row stays, marked deleted, for the account's history. A file
 * that cannot be deleted now is left to the sweeper: the job expires now.
 */
export async function deleteJob(deps: Deps, row: ConversionRow): Promise<void> {
  const now = deps.clock();
  await expireNow(deps.db, row.id, now);
  await markExpired(deps.db, row.id, now);
  if (row.status === 'pending' || row.status === 'processing') await noteDeletedUnfinished(deps.db, row.id);
  for (const key of resultKeys(row.id)) await deps.store.delete(key);
  await clearVectorFileUrl(deps.db, row.id);
  if (!(await uploadStillUsed(deps.db, row.uploadId, row.id))) {
    await deps.store.delete(uploadKey(row.uploadId));
    await markUploadDeleted(deps.db, row.uploadId, now);
  }
}
