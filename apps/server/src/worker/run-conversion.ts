import { TraceError } from '@vectrace/tracer';
import { decodeImage } from '@vectrace/tracer/decode';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import {
  completeConversion,
  failConversion,
  findConversion,
  requeueConversions,
  setStage,
} from '../features/conversions/queries.js';
import { ObjectNotFoundError, type ObjectStore, uploadKey, vectorKey } from '../storage/object-store.js';
import { PoolClosedError, TraceAbortedError, TraceOutOfMemoryError, type TracePool } from './pool.js';

/** A conversion whose upload was deleted before its trace began. */
export const fileGoneMessage = (keptFor: string) =>
  `The uploaded file is no longer available (uploads are deleted within ${keptFor}). Please upload it again.`;

/**
 * Traces one claimed conversion: read the upload, decode it (sharp, off the event loop), trace it
 * in a worker thread, store the SVG, record the outcome. A refused image fails at once with the
 * engine's reason; a stopped or crashed trace is retried until its attempts run out.
 */
export function conversionRunner(deps: {
  db: Db;
  store: ObjectStore;
  pool: TracePool;
  clock: Clock;
  maxAttempts: number;
  /** Each trace worker's memory limit, for the message of a trace that ran out of it. */
  memoryMb: number;
  /** The retention in words, for the message of a conversion whose upload is gone. */
  keptFor: string;
  log: FastifyBaseLogger;
}) {
  const { db, store, pool, clock, log } = deps;
  return async function runConversion(id: string): Promise<void> {
    const row = await findConversion(db, id);
    if (row?.status !== 'processing') return;
    try {
      await setStage(db, id, 'reading');
      const bytes = await store.read(uploadKey(row.uploadId));
      const image = await decodeImage(bytes);
      await setStage(db, id, 'tracing');
      const outcome = await pool.run({ image, settings: JSON.parse(row.settings) });
      if (!outcome.ok) return await failConversion(db, id, outcome.message, clock());
      await setStage(db, id, 'saving');
      const svg = Buffer.from(outcome.svg.buffer, outcome.svg.byteOffset, outcome.svg.byteLength);
      const key = vectorKey(id);
      await store.write(key, svg);
      const recorded = await completeConversion(db, id, {
        vectorFileUrl: `/objects/${key}`,
        vectorCount: outcome.vectorCount,
        fileSize: svg.length,
        notice: outcome.reducedBy ? reducedNotice(outcome.reducedBy) : null,
        completedAt: clock().toISOString(),
      });
      if (!recorded) await store.delete(key); // expired meanwhile
      log.info(
        { conversionId: id, vectorCount: outcome.vectorCount, bytes: svg.length },
        'conversion completed',
      );
    } catch (err) {
      if (err instanceof TraceError) return await failConversion(db, id, err.message, clock());
      if (err instanceof ObjectNotFoundError)
        return await failConversion(db, id, fileGoneMessage(deps.keptFor), clock());
      if (err instanceof PoolClosedError) return await requeueConversions(db, [id], { refund: true });
      if (err instanceof TraceOutOfMemoryError) {
        log.warn({ conversionId: id }, 'trace ran out of memory; conversion failed');
        return await failConversion(db, id, outOfMemoryMessage(deps.memoryMb), clock());
      }
      const reason = err instanceof TraceAbortedError ? err.message : 'failed unexpectedly';
      if (!(err instanceof TraceAbortedError)) log.error({ err, conversionId: id }, 'trace failed');
      if (row.attempts >= deps.maxAttempts) {
        return await failConversion(db, id, tracingFailedMessage(reason, row.attempts), clock());
      }
      log.warn({ conversionId: id, attempt: row.attempts, reason }, 'trace stopped; conversion requeued');
      await requeueConversions(db, [id]);
    }
  };
}

/** Why a conversion failed at once: an image that ran out of memory would run out again. */
export const outOfMemoryMessage = (memoryMb: number) =>
  `This image needs more memory to trace than the ${memoryMb} MB a trace is given. Try the draft quality or a smaller image.`;

/** What to tell about a result traced smaller than its image. */
export const reducedNotice = (factor: number) =>
  `This image has more fine detail than one trace takes on (noise, a photo or a fine pattern), so it was traced at 1/${factor} of its size.`;

/** Why a conversion failed after its last attempt. */
export function tracingFailedMessage(reason: string, attempts: number): string {
  return `This image could not be traced: it ${reason} on each of ${attempts} attempts. Try a smaller image or the draft quality.`;
}
