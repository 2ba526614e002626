import type { RestoreInput } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { expiredMessage } from '../../retention-policy.js';
import { type ConversionRow, findConversion, findOwnedConversion } from '../conversions/queries.js';
import type { Owner } from '../owner.js';
import { addRestoredUpload, endLinks, linkGenerationOf } from './queries.js';
import { linkState } from './restore-link.js';

export const invalidLinkMessage =
  'This link was not made by Vectrace, or it was cut short or changed when it was copied. Open it again from your receipt, or copy it whole from the converter where you paid.';

export const endedLinkMessage =
  'This link has been ended: it no longer opens the conversion. Whoever paid for it can get a new link from the converter, where the file is.';

/**
 * Opens a paid conversion from its receipt link in this browser or account.
 *
 * The payment belongs to the conversion (to its image, really), so whoever holds the signed link
 * may see and download it. The link does not move the conversion: it is added to what this
 * browser's owner may open (restoredUploads), so the browser that paid, an account that owns it
 * and any number of other browsers all keep it, and a visitor who then signs in takes it along.
 * Lists and quotas stay each owner's own work. An ended link (endLink) answers 410.
 */
export async function restoreConversion(
  deps: Deps,
  owner: Owner,
  input: RestoreInput,
): Promise<ConversionRow> {
  const row = await linkedConversion(deps, input);
  if (!(await findOwnedConversion(deps.db, row.id, owner))) {
    await addRestoredUpload(deps.db, row.uploadId, owner, deps.clock());
  }
  return row;
}

/**
 * Ends a receipt link, for whoever holds it (the receipt's reader, a browser it was shared with):
 * the link and every other link to the same image answer 410 from now on, and what they opened
 * elsewhere is closed. The owner keeps the conversion and gets a new link from the converter.
 */
export async function endLink(deps: Deps, input: RestoreInput): Promise<void> {
  const row = await linkedConversion(deps, input);
  await endLinks(deps.db, row.uploadId);
}

/** The paid conversion a link opens: 403 for a link this server did not make, 410 for an ended one. */
async function linkedConversion(deps: Deps, input: RestoreInput): Promise<ConversionRow> {
  const { db, config } = deps;
  const row = await findConversion(db, input.conversion_id);
  const generation = row ? await linkGenerationOf(db, row.uploadId) : 0;
  const state = linkState(config.secret, input.conversion_id, input.sig, generation);
  if (state === 'invalid') throw new AppError(403, 'forbidden', invalidLinkMessage);
  // A valid signature means the conversion existed: gone, it was deleted with its account.
  if (!row) {
    throw new AppError(
      410,
      'gone',
      'This conversion has been deleted, with its files. Please upload the image again to convert it.',
    );
  }
  if (state === 'ended') throw new AppError(410, 'link_ended', endedLinkMessage);
  if (row.expiredAt) throw new AppError(410, 'gone', expiredMessage(config));
  // Links are only made for paid conversions; one that is not paid opens nothing.
  if (row.paymentStatus !== 'paid') throw new AppError(403, 'forbidden', invalidLinkMessage);
  return row;
}
