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

/**
 * Takes the upload's URL for one PUT: false if it has stored its file already (each URL stores
 * once), or another PUT holds it. A PUT holds it for `leaseMs` past its last renewal, so a
 * PUT whose process died frees it soon, for a retry through any process.
 */
export async function claimUpload(db: Db, id: string, now: Date, leaseMs: number): Promise<boolean> {
  const lapsed = new Date(now.getTime() - leaseMs).toISOString();
  const result = await db
    .updateTable('uploads')
    .set({ claimedAt: now.toISOString() })
    .where('id', '=', id)
    .where('size', 'is', null)
    .where('deletedAt', 'is', null)
    .where((eb) => eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', lapsed)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Keeps a PUT's hold on its URL while the body is still arriving. */
export async function renewUpload(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ claimedAt: now.toISOString() })
    .where('id', '=', id)
    .where('size', 'is', null)
    .execute();
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

/**
 * Records the stored file's size, which marks the URL used; false if the upload is gone
 * meanwhile (its owner deleted the account): then its file must be deleted.
 */
export async function recordUploadSize(db: Db, id: string, size: number): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ size })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Forgets an upload that stored nothing (a refused API call), so that nothing of it is kept. */
export async function deleteUploadRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** Of the given ids, those with an upload row whose file is still kept. */
export async function keptUploads(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
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

/** Whether an upload's file is still kept (not yet deleted). */
export async function uploadKept(db: Db, id: string): Promise<boolean> {
  const upload = await db.selectFrom('uploads').select('deletedAt').where('id', '=', id).executeTakeFirst();
  return upload !== undefined && upload.deletedAt === null;
}

export async function markUploadDeleted(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('uploads').set({ deletedAt: now.toISOString() }).where('id', '=', id).execute();
}
