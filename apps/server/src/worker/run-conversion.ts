import { TraceError } from '@vectrace/tracer';
import { decodeImage, imageSize, sizeWithin } from '@vectrace/tracer/decode';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { liveOrTestOf, TEST_RESULT_SIDE } from '../live-or-test.js';
import type { FailureReason, Metrics } from '../metrics.js';
import {
  type Claim,
  completeConversion,
  failConversion,
  renewLease,
  requeueClaims,
  setStage,
} from '../queue/claims.js';
import { fileGoneMessage } from '../retention-policy.js';
import {
  ObjectNotFoundError,
  type ObjectStore,
  StorageUnavailableError,
  uploadKey,
  vectorKey,
} from '../storage/object-store.js';
import {
  ClaimLostError,
  duration,
  PoolClosedError,
  TraceAbortedError,
  TraceOutOfMemoryError,
  type TracePool,
} from './pool.js';

/**
 * Traces one claimed conversion: read the upload, decode it (sharp, off the event loop), trace it
 * in a worker thread, store the SVG, record the outcome. A refused image fails at once with the
 * engine's reason, as does one that ran out of its own time or memory (it would again); a crashed
 * trace is retried until its attempts run out, and one the store failed waits for the store.
 */
export function conversionRunner(deps: {
  db: Db;
  store: ObjectStore;
  pool: TracePool;
  clock: Clock;
  maxAttempts: number;
  /** How long a claim holds without renewal; it is renewed three times per lease. */
  leaseMs: number;
  /** Each trace worker's memory limit, for the message of a trace that ran out of it. */
  memoryMb: number;
  /** Each trace's time limit, for the message of a trace that broke it. */
  timeoutMs: number;
  /** The retention in words, for the message of a conversion whose upload is gone. */
  keptFor: string;
  log: FastifyBaseLogger;
  metrics: Metrics;
}) {
  const { db, store, pool, clock, log } = deps;
  const failed = (reason: FailureReason) => deps.metrics.traceFailures.inc({ reason });
  return async function runConversion(claim: Claim): Promise<void> {
    const id = claim.conversionId;
    const row = await conversionRow(db, id);
    if (row?.status !== 'processing' || row.claimedBy !== claim.token) return;
    // While it traces, the claim's lease is renewed; a claim taken back meanwhile (this process
    // lost the database longer than a lease) stops the trace: another attempt has the conversion.
    const lost = new AbortController();
    const renewal = setInterval(() => {
      renewLease(db, claim, clock(), deps.leaseMs).then(
        (held) => held || lost.abort(),
        (err) => log.warn({ err, conversionId: id }, 'lease not renewed; trying again'),
      );
    }, deps.leaseMs / 3);
    const traced = deps.metrics.traceSeconds.startTimer();
    try {
      await setStage(db, claim, 'reading');
      const bytes = await store.read(uploadKey(row.uploadId));
      const test = liveOrTestOf(row) === 'test';
      const settings = JSON.parse(row.settings);
      // Asked for (maxPixels), the image is traced and drawn at most that many pixels large.
      const maxPixels: number | undefined = settings.maxPixels ?? undefined;
      const image = await decodeImage(bytes, { maxSide: test ? TEST_RESULT_SIDE : undefined, maxPixels });
      // A test job's image is reduced further: it is drawn at the size asked, read from the header.
      const header = test ? await imageSize(bytes) : undefined;
      const fullSize = header && maxPixels ? sizeWithin(header, maxPixels) : header;
      await setStage(db, claim, 'tracing');
      const outcome = await pool.run({ image, settings, fullSize }, lost.signal);
      if (!outcome.ok) {
        failed('refused');
        return await failConversion(db, claim, outcome.message, clock());
      }
      await setStage(db, claim, 'saving');
      const svg = Buffer.from(outcome.svg.buffer, outcome.svg.byteOffset, outcome.svg.byteLength);
      // The key is the conversion's: every attempt writes the same result to the same place.
      const key = vectorKey(id);
      await store.write(key, svg);
      const recorded = await completeConversion(db, claim, {
        vectorFileUrl: `/objects/${key}`,
        vectorCount: outcome.vectorCount,
        fileSize: svg.length,
        notice: outcome.reducedBy ? reducedNotice(outcome.reducedBy) : null,
        reading: outcome.reading,
        tracedMode: outcome.tracedMode,
        markAnchor: `${outcome.markAnchor.x} ${outcome.markAnchor.y}`,
        completedAt: clock().toISOString(),
      });
      if (!recorded) return await discardLateResult(id, key);
      traced();
      log.info(
        { conversionId: id, vectorCount: outcome.vectorCount, bytes: svg.length },
        'conversion completed',
      );
    } catch (err) {
      if (err instanceof TraceError) {
        failed('refused');
        return await failConversion(db, claim, err.message, clock());
      }
      if (err instanceof ObjectNotFoundError) {
        failed('file_gone');
        return await failConversion(db, claim, fileGoneMessage(deps.keptFor), clock());
      }
      if (err instanceof StorageUnavailableError) {
        // The store's fault, not the image's (a full disk, a bucket away): the attempt is given
        // back and the conversion waits for the store, until it is kept no longer.
        const retryAt = new Date(clock().getTime() + STORAGE_RETRY_MS);
        log.error({ err, conversionId: id, retryAt }, 'file storage failed; conversion requeued');
        await requeueClaims(db, [claim], { refund: true, retryAt });
        return;
      }
      if (err instanceof PoolClosedError) {
        await requeueClaims(db, [claim], { refund: true });
        return;
      }
      if (err instanceof ClaimLostError) {
        log.warn({ conversionId: id }, 'claim taken back while tracing; this attempt stopped');
        return;
      }
      if (err instanceof TraceOutOfMemoryError) {
        failed('out_of_memory');
        log.warn({ conversionId: id }, 'trace ran out of memory; conversion failed');
        return await failConversion(db, claim, outOfMemoryMessage(deps.memoryMb), clock());
      }
      if (err instanceof TraceAbortedError) {
        // Its own budget: the same image and settings would take as long again.
        failed('time_limit');
        log.warn({ conversionId: id }, 'trace broke its time limit; conversion failed');
        return await failConversion(db, claim, timeLimitMessage(deps.timeoutMs), clock());
      }
      failed('unexpected');
      log.error({ err, conversionId: id }, 'trace failed');
      const reason = 'failed unexpectedly';
      if (row.attempts >= deps.maxAttempts) {
        return await failConversion(db, claim, tracingFailedMessage(reason, row.attempts), clock());
      }
      // Whatever stopped it (the database, a crash) may pass: retry after a growing wait.
      const retryAt = new Date(clock().getTime() + retryDelayMs(row.attempts));
      log.warn(
        { conversionId: id, attempt: row.attempts, reason, retryAt },
        'trace stopped; conversion requeued',
      );
      await requeueClaims(db, [claim], { retryAt });
    } finally {
      clearInterval(renewal);
    }
  };

  // A result this attempt could not record: if the conversion expired meanwhile, its file must
  // not outlive it. If another attempt recorded the conversion, the file is that attempt's too
  // (same key, same image and settings): it stays.
  async function discardLateResult(id: string, key: string): Promise<void> {
    const now = await conversionRow(db, id);
    if (!now || now.expiredAt !== null) await store.delete(key);
    log.info(
      { conversionId: id, status: now?.status },
      "result not recorded: the conversion is no longer this attempt's",
    );
  }
}

/** The conversion's row as it is now: who holds its claim, its upload, settings and attempts. */
function conversionRow(db: Db, id: string) {
  return db.selectFrom('conversions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The wait before a conversion the store failed is tried again. */
export const STORAGE_RETRY_MS = 15_000;

/** The wait before another attempt: 2 s after the first, 8 s after the second, 32 s after the third. */
export const retryDelayMs = (attempts: number) => 2000 * 4 ** Math.max(0, attempts - 1);

/** Why a conversion failed at once: an image that ran out of memory would run out again. */
export const outOfMemoryMessage = (memoryMb: number) =>
  `This image needs more memory to trace than the ${memoryMb} MB a trace is given. Try the draft quality or a smaller image.`;

/** Why a conversion failed at once: a trace that broke its time limit would break it again. */
export const timeLimitMessage = (timeoutMs: number) =>
  `This image took longer to trace than the ${duration(timeoutMs)} a trace is given. Try fewer colors, the draft quality or a smaller image.`;

/** What to tell about a result traced smaller than its image. */
export const reducedNotice = (factor: number) =>
  `This image has more fine detail than one trace takes on (noise, a photo or a fine pattern), so it was traced at 1/${factor} of its size.`;

/** Why a conversion failed after its last attempt. */
export function tracingFailedMessage(reason: string, attempts: number): string {
  return `This image could not be traced: it ${reason} on each of ${attempts} attempts. Try a smaller image or the draft quality.`;
}
