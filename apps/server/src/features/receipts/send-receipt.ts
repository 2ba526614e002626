import type { Deps } from '../../deps.js';
import { findUserById, mailboxOf } from '../auth/queries.js';
import { findConversion } from '../conversions/queries.js';
import { linkGenerationOf, takeReceipt } from './queries.js';
import { receiptMail } from './receipt-mail.js';
import { restoreLink } from './restore-link.js';

/**
 * Sends the receipt of a conversion just paid, once, in the background: to the address the visitor
 * gave at checkout, or to a signed-in buyer's account e-mail. No address, no mail: the link is
 * also on screen after payment.
 */
export function sendReceipt(deps: Deps, conversionId: string): void {
  deps.mail.deliver(async () => {
    const receipt = await takeReceipt(deps.db, conversionId, deps.clock());
    if (!receipt) return null;
    const row = await findConversion(deps.db, conversionId);
    if (!row?.paidAt) return null;
    const buyer = row.userId ? await findUserById(deps.db, row.userId) : undefined;
    const to = receipt.email ?? (buyer && mailboxOf(buyer));
    if (!to) return null;
    return receiptMail({
      to,
      fileName: row.originalFileName,
      paidAt: row.paidAt,
      expiresAt: row.expiresAt,
      paymentId: row.paymentId,
      link: restoreLink(
        deps.config.publicUrl ?? receipt.origin,
        deps.config.secret,
        row.id,
        await linkGenerationOf(deps.db, row.uploadId),
      ),
    });
  });
}
