import type { FastifyBaseLogger } from 'fastify';
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

  const conversions = await db
    .selectFrom('conversions')
    .select('id')
    .where('expiredAt', 'is', null)
    .where('createdAt', '<', cutoff)
    .execute();
  for (const { id } of conversions) {
    await store.delete(vectorKey(id));
    await db
      .updateTable('conversions')
      .set((eb) => ({
        expiredAt: now.toISOString(),
        vectorFileUrl: null,
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

/** Runs the sweep every intervalMs; returns a function that stops it. */
export function startSweeper(
  deps: Parameters<typeof sweepExpired>[0],
  intervalMs: number,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const result = await sweepExpired(deps);
      if (result.conversions + result.uploads + result.partialFiles > 0)
        log.info(result, 'expired files deleted');
    } catch (err) {
      log.error({ err }, 'retention sweep failed; retrying at the next interval');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
