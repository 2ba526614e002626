/**
 * The promise about keeping files (spec sections 1 and 9): uploads and their results are deleted
 * automatically within this many hours of upload. The server keeps them no longer (its retention
 * plus one run of the deleter fit within it: config.ts refuses more), and every page and message
 * says it in these words.
 */
export const RETENTION_HOURS = 24;

const HOUR_MS = 3_600_000;

/**
 * A time until files are deleted, in whole minutes under an hour, else whole hours, rounded up so
 * that "deleted within" it stays true: "24 hours", "40 minutes".
 */
export function durationWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The promise in words, as every page says it: "within 24 hours". */
export const retentionWords = `within ${durationWords(RETENTION_HOURS * HOUR_MS)}`;
