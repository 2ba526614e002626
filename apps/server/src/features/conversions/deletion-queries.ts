import type { Db } from '../../db/index.js';

/** From now on the sweeper treats the conversion as expired, should a deletion fail now. */
export async function expireNow(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('conversions').set({ expiresAt: now.toISOString() }).where('id', '=', id).execute();
}

/** A job deleted before it finished says so. */
export async function noteDeletedUnfinished(db: Db, id: string): Promise<void> {
  await db
    .updateTable('conversions')
    .set({ errorMessage: 'The job was deleted before it finished.' })
    .where('id', '=', id)
    .execute();
}

/** Whether another conversion of the upload (a re-tuning on the site) still keeps its files. */
export async function uploadStillUsed(db: Db, uploadId: string, exceptId: string): Promise<boolean> {
  const other = await db
    .selectFrom('conversions')
    .select('id')
    .where('uploadId', '=', uploadId)
    .where('id', '!=', exceptId)
    .where('expiredAt', 'is', null)
    .executeTakeFirst();
  return other !== undefined;
}
