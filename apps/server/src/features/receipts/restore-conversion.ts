import type { RestoreInput } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { type ConversionRow, findConversion, findOwnedConversion } from '../conversions/queries.js';
import type { Owner } from '../owner.js';
import { expiredMessage } from '../results/download.js';
import { addRestoredUpload } from './queries.js';
import { verifyRestore } from './restore-link.js';

export const invalidLinkMessage =
  'This link was not made by Vectrace, or it was cut short or changed when it was copied. Open it again from your receipt, or copy it whole from the converter where you paid.';

/**
 * Opens a paid conversion from its receipt link in this browser or account.
 *
 * The payment belongs to the conversion (to its image, really), so whoever holds the signed link
 * may see and download it. The link does not move the conversion: it is added to what this
 * browser's owner may open (restoredUploads), so the browser that paid, an account that owns it
 * and any number of other browsers all keep it, and a visitor who then signs in takes it along.
 * Lists and quotas stay each owner's own work.
 */
export async function restoreConversion(
  deps: Deps,
  owner: Owner,
  input: RestoreInput,
): Promise<ConversionRow> {
  const { db, config } = deps;
  if (!verifyRestore(config.secret, input.conversion_id, input.sig))
    throw new AppError(403, invalidLinkMessage);
  const row = await findConversion(db, input.conversion_id);
  // A valid signature means the conversion existed: gone, it was deleted with its account.
  if (!row) {
    throw new AppError(
      410,
      'This conversion has been deleted, with its files. Please upload the image again to convert it.',
    );
  }
  if (row.expiredAt) throw new AppError(410, expiredMessage(config));
  // Links are only made for paid conversions; one that is not paid opens nothing.
  if (row.paymentStatus !== 'paid') throw new AppError(403, invalidLinkMessage);
  if (!(await findOwnedConversion(db, row.id, owner))) {
    await addRestoredUpload(db, row.uploadId, owner, deps.clock());
  }
  return row;
}
