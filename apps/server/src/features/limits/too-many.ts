import { AppError } from '../../errors.js';

/** A 429 whose sentence and Retry-After say when to try again. */
export function tooMany(reason: string, retryMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  return new AppError(429, 'rate_limited', `${reason}. Try again in ${waitInWords(seconds)}.`, {
    'retry-after': String(seconds),
  });
}

/** "40 seconds", "1 minute", "12 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
