import { durationWords } from '@vectrace/contract';
import type { Config } from './config.js';

// What the server promises about keeping files, in the words its answers use: the sweeper
// (features/retention/sweep.ts) keeps the promise, these sentences tell it.

/**
 * How long files are kept at most, in words, as messages promise it: the retention period plus
 * one sweep interval, in whole hours ("24 hours" on the defaults: 23 hours and a 5-minute sweep).
 */
export function keptForWords(config: Pick<Config, 'retentionMs' | 'sweepIntervalMs'>): string {
  return durationWords(config.retentionMs + config.sweepIntervalMs);
}

/** Why a conversion's files are gone, with the retention the server runs with. */
export const expiredMessage = (config: Config) =>
  `The files of this conversion were deleted within ${keptForWords(config)} of upload, as our privacy policy promises. Please upload the image again to convert it.`;

/** Why a conversion failed whose upload was deleted before its trace began. */
export const fileGoneMessage = (keptFor: string) =>
  `The uploaded file is no longer available (uploads are deleted within ${keptFor}). Please upload it again.`;
