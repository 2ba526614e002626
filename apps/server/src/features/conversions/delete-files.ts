import type { Deps } from '../../deps.js';
import { resultKeys, uploadKey } from '../../storage/object-store.js';
import { markUploadDeleted } from '../uploads/queries.js';
import { expireNow, noteDeletedUnfinished, uploadStillUsed } from './deletion-queries.js';
import { type ConversionRow, clearVectorFileUrl, markExpired } from './queries.js';

/**
 * Deletes a conversion's files at once, at its owner's request (the developer API's job, or a
 * result on the site): its result, previews and image (unless another conversion of the image
 * still keeps it). The row stays, marked deleted (expired). A file that cannot be deleted now is
 * left to the sweeper: the conversion expires now.
 */
export async function deleteConversionFiles(deps: Deps, row: ConversionRow): Promise<void> {
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
