import type { Selectable } from 'kysely';
import type { ConversionsTable } from './db/schema.js';
import { AppError } from './errors.js';

// Whether a job is live or test is read where a conversion is traced (worker/), previewed
// (features/results/) and served (features/api-v1/): it lives below all three. The API calls it
// `mode`; the code says live or test, apart from the trace mode and the viewer's tabs.

/** A developer API job's two kinds: live results are the product (Pro); test results are free and marked. */
export const liveOrTest = ['live', 'test'] as const;
export type LiveOrTest = (typeof liveOrTest)[number];

/** What a job's kind is read from: the conversion's result options. */
type JobRow = Pick<Selectable<ConversionsTable>, 'resultOptions'>;

/**
 * A test job is traced from its image reduced to this many pixels on its longer side, then drawn
 * at the image's size: a free result holds less than the paid one, so no number of test results
 * (of copies moved, padded or dotted so their bands fall elsewhere) laid over each other gives it.
 */
export const TEST_RESULT_SIDE = 256;

/**
 * Whether a job is live or test, fixed when it was made: `test` for a `mode=test` call of the API, `live` for the
 * others and for every conversion made on the site.
 */
export function liveOrTestOf(row: JobRow): LiveOrTest {
  if (!row.resultOptions) return 'live';
  try {
    return JSON.parse(row.resultOptions).mode === 'test' ? 'test' : 'live';
  } catch {
    return 'live';
  }
}

/**
 * Whether a result is asked live or test: the job's own when none is given. A test job has only a marked
 * result, and test mode serves only test jobs (a live job or a site conversion is not given away
 * marked, since marked is all a free key needs to try the API).
 */
export function resultLiveOrTest(row: JobRow, asked: LiveOrTest | undefined): LiveOrTest {
  const made = liveOrTestOf(row);
  if (asked === undefined || asked === made) return made;
  throw made === 'test'
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
