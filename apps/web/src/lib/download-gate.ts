import { type Conversion, isPaid, type PublicUser } from '@vectrace/contract';

/** Where an unpaid download goes instead (spec section 4). */
export function checkoutPathFor(conversionId: string): string {
  return `/checkout?plan=pay-per-use&conversion_id=${encodeURIComponent(conversionId)}`;
}

/** Whether the result may be downloaded: completed, and paid or on the Pro plan. */
export function canDownload(
  conversion: Pick<Conversion, 'status' | 'paymentStatus' | 'expired'>,
  user?: Pick<PublicUser, 'planType'> | null,
): boolean {
  if (conversion.status !== 'completed' || conversion.expired) return false;
  return isPaid(conversion.paymentStatus) || user?.planType === 'pro';
}

/** Whether the Payment Required card shows: a completed result nobody has paid for. */
export function needsPayment(
  conversion: Pick<Conversion, 'status' | 'paymentStatus' | 'expired'>,
  user?: Pick<PublicUser, 'planType'> | null,
): boolean {
  return conversion.status === 'completed' && !conversion.expired && !canDownload(conversion, user);
}
