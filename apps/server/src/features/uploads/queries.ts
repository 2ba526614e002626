import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { UploadsTable } from '../../db/schema.js';
import { type Owner, ownedOrRestoredUpload, ownerColumns } from '../owner.js';

export type UploadRow = Selectable<UploadsTable>;

export async function insertUpload(db: Db, id: string, owner: Owner, now: Date): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      id,
      ...ownerColumns(owner),
      createdAt: now.toISOString(),
      claimedAt: null,
      size: null,
      deletedAt: null,
      paidAt: null,
    })
    .execute();
}

export function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The upload if the owner made it, or a receipt link brought it to them. */
export function findOwnedUpload(db: Db, id: string, owner: Owner): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', id)
    .where(ownedOrRestoredUpload(owner))
    .executeTakeFirst();
}

/** Marks the upload's URL as used; false if it already was (each URL works once). */
export async function claimUpload(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ claimedAt: now.toISOString() })
    .where('id', '=', id)
    .where('claimedAt', 'is', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Makes a claimed URL usable again after a PUT that stored nothing. */
export async function releaseUpload(db: Db, id: string): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ claimedAt: null })
    .where('id', '=', id)
    .where('size', 'is', null)
    .execute();
}

export async function recordUploadSize(db: Db, id: string, size: number): Promise<void> {
  await db.updateTable('uploads').set({ size }).where('id', '=', id).execute();
}

/** Uploads made before `cutoff` whose files are still kept. */
export async function uploadsDueForDeletion(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('deletedAt', 'is', null)
    .where('createdAt', '<', cutoff.toISOString())
    .execute();
  return rows.map((row) => row.id);
}

export async function markUploadDeleted(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('uploads').set({ deletedAt: now.toISOString() }).where('id', '=', id).execute();
}
