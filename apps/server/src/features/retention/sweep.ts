import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { type ObjectStore, resultKeys, uploadKey } from '../../storage/object-store.js';
import { deleteEndedSessions } from '../auth/sessions.js';
import { pruneLoginFailures } from '../auth/throttle.js';
import { clearVectorFileUrl, conversionsDueForExpiry, markExpired } from '../conversions/queries.js';
import { markUploadDeleted, uploadsDueForDeletion } from '../uploads/queries.js';

/** Unfinished writes older than this are abandoned (a signed upload URL lives 15 minutes). */
const PARTIAL_WRITE_MAX_AGE_MS = 60 * 60_000;

export interface SweepResult {
  conversions: number;
  uploads: number;
  partialFiles: number;
}

/**
 * How long files are kept at most, in words, as messages promise it: the retention period plus
 * one sweep interval, in whole hours ("24 hours" on the defaults: 23 hours and a 5-minute sweep).
 */
export function keptForWords(config: Pick<Config, 'retentionMs' | 'sweepIntervalMs'>): string {
  const minutes = Math.ceil((config.retentionMs + config.sweepIntervalMs) / 60_000);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Keeps the promise "deleted automatically within 24 hours": originals and results past their
 * expiry are deleted from storage. Rows stay, marked expired, without file URLs. Each step can be
 * cut short by a crash and is simply done again by the next sweep.
 */
export async function sweepExpired(deps: {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  retentionMs: number;
}): Promise<SweepResult> {
  const { db, store, clock } = deps;
  const now = clock();

  const conversions = await conversionsDueForExpiry(db, now);
  for (const id of conversions) {
    await markExpired(db, id, now);
    for (const key of resultKeys(id)) await store.delete(key);
    await clearVectorFileUrl(db, id);
  }

  const uploads = await uploadsDueForDeletion(db, new Date(now.getTime() - deps.retentionMs));
  for (const id of uploads) {
    await store.delete(uploadKey(id));
    await markUploadDeleted(db, id, now);
  }

  const partialFiles = await store.sweepPartial(new Date(now.getTime() - PARTIAL_WRITE_MAX_AGE_MS));
  await deleteEndedSessions(db, now);
  await pruneLoginFailures(db, now);
  return { conversions: conversions.length, uploads: uploads.length, partialFiles };
}
