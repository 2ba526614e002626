/** When a call answered 429 (too many) or 503 (unavailable) is tried again. */
export interface RetryOptions {
  /** Tries of one call in all, the first included (default 3; 1 never tries again). */
  tries?: number;
  /**
   * The longest wait before another try, in seconds (default 60). An answer whose `Retry-After`
   * asks for longer is not waited for: its error is thrown at once.
   */
  maxWaitSeconds?: number;
}

export const DEFAULT_TRIES = 3;
export const DEFAULT_MAX_WAIT_SECONDS = 60;

/** Answers that say "not now": the same call may succeed later. */
const RETRIED_STATUSES = new Set([429, 503]);
/** Methods that change nothing more when sent twice. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * A fetch that tries a call again after a 429 or 503, waiting what its `Retry-After` says (seconds
 * or an HTTP date; 1, 2, 4... seconds without one). A POST is tried again only with an
 * `Idempotency-Key`, which makes the server do it once. The request's signal ends a wait too.
 */
export function retryingFetch(
  fetchOnce: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const tries = Math.max(1, Math.floor(options.tries ?? DEFAULT_TRIES));
  const maxWaitMs = (options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS) * 1000;
  return async (request) => {
    const retriable = IDEMPOTENT_METHODS.has(request.method) || request.headers.has('idempotency-key');
    for (let attempt = 1; ; attempt++) {
      const last = !retriable || attempt >= tries;
      // The body of a request can be sent once: each try but the last sends a copy.
      const response = await fetchOnce(last ? request : request.clone());
      if (last || !RETRIED_STATUSES.has(response.status)) return response;
      const waitMs = retryAfterMs(response.headers.get('retry-after')) ?? 1000 * 2 ** (attempt - 1);
      if (waitMs > maxWaitMs) return response;
      await response.body?.cancel();
      await sleep(waitMs, request.signal);
    }
  };
}

/** `Retry-After` in milliseconds from now: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month ("Sun, 29 Nov 2026 17:00:30 GMT"): a bare number is no date.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or throws the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
