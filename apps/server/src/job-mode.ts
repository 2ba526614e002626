import type { Selectable } from 'kysely';
import type { ConversionsTable } from './db/schema.js';
import { AppError } from './errors.js';

// A job's mode is read where a conversion is traced (worker/), previewed (features/results/) and
// served (features/api-v1/): it lives below all three.

/** The two modes of the developer API (`apiModes` in features/api-v1/schemas.ts). */
type ApiMode = 'live' | 'test';

/** What a job's mode is read from: the conversion's result options. */
type JobRow = Pick<Selectable<ConversionsTable>, 'resultOptions'>;

/**
 * A test job is traced from its image reduced to this many pixels on its longer side, then drawn
 * at the image's size: a free result holds less than the paid one, so no number of test results
 * (of copies moved, padded or dotted so their bands fall elsewhere) laid over each other gives it.
 */
export const TEST_RESULT_SIDE = 256;

/**
 * A job's mode, fixed when it was made: `test` for a `mode=test` call of the API, `live` for the
 * others and for every conversion made on the site.
 */
export function modeOf(row: JobRow): ApiMode {
  if (!row.resultOptions) return 'live';
  try {
    return JSON.parse(row.resultOptions).mode === 'test' ? 'test' : 'live';
  } catch {
    return 'live';
  }
}

/**
 * The mode a result is asked in: the job's own when none is given. A test job has only a marked
 * result, and test mode serves only test jobs (a live job or a site conversion is not given away
 * marked, since marked is all a free key needs to try the API).
 */
export function resultMode(row: JobRow, asked: ApiMode | undefined): ApiMode {
  const mode = modeOf(row);
  if (asked === undefined || asked === mode) return mode;
  throw mode === 'test'
    ? new AppError(
        409,
        'wrong_mode',
        'This job was made in test mode: it has only a marked result (ask with mode=test, or leave mode out). For the result to use, convert the image again with mode=live.',
      )
    : new AppError(
        409,
        'wrong_mode',
        'This job was made in live mode (or on the site): test mode gives marked results only of jobs made with mode=test. Ask with mode=live, or convert the image with mode=test.',
      );
}
