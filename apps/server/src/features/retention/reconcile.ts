import type { Db } from '../../db/index.js';
import { type ObjectStore, ownerOfKey, type StoredObject } from '../../storage/object-store.js';
import { keptUploads } from '../uploads/queries.js';

/** An object with no row is left this long before it counts as lost: every write has its row by then. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60_000;
const BATCH = 500;

/**
 * Deletes what the store keeps that no row keeps (an upload finished after its account was
 * deleted, a crash between a file and its row): originals without a kept upload, result files
 * without a kept conversion, once older than a day. Lists the whole store (a disk's folders, or
 * the bucket); keys that are not the server's own are left alone. How many were deleted.
 */
export async function deleteOrphans(
  db: Db,
  store: ObjectStore,
  now: Date,
  onError: (err: unknown) => void,
): Promise<{ deleted: number; failed: number }> {
  const before = now.getTime() - ORPHAN_MIN_AGE_MS;
  let batch: StoredObject[] = [];
  const result = { deleted: 0, failed: 0 };
  const settle = async () => {
    const kept = await keptIds(db, batch);
    for (const object of batch) {
      const owner = ownerOfKey(object.key);
      if (!owner || kept.has(owner.id)) continue;
      try {
        await store.delete(object.key);
        result.deleted++;
      } catch (err) {
        onError(err);
        result.failed++;
      }
    }
    batch = [];
  };
  for await (const object of store.list()) {
    if (object.lastModified.getTime() >= before || !ownerOfKey(object.key)) continue;
    batch.push(object);
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  return result;
}

/** The ids, of those the objects are of, whose row still keeps its files. */
async function keptIds(db: Db, objects: StoredObject[]): Promise<Set<string>> {
  const ids = { uploads: new Set<string>(), conversions: new Set<string>() };
  for (const { key } of objects) {
    const owner = ownerOfKey(key);
    if (owner) ids[owner.table].add(owner.id);
  }
  const kept = await keptUploads(db, [...ids.uploads]);
  const conversions = [...ids.conversions];
  if (conversions.length > 0) {
    const rows = await db
      .selectFrom('conversions')
      .select('id')
      .where('id', 'in', conversions)
      .where('expiredAt', 'is', null)
      .execute();
    for (const row of rows) kept.add(row.id);
  }
  return kept;
}
