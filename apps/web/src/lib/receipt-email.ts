import { apiPaths, type PaymentIntentAnswer, plans, receiptEmailSchema } from '@vectrace/contract';
import { apiJson } from './api';

/** The address typed for the receipt: none when left empty, else the address or what is wrong with it. */
export function readReceiptEmail(
  typed: string,
): { email: string | null; problem: null } | { problem: string } {
  if (typed.trim() === '') return { email: null, problem: null };
  const parsed = receiptEmailSchema.safeParse(typed);
  if (parsed.success) return { email: parsed.data, problem: null };
  return { problem: parsed.error.issues[0]?.message ?? 'Invalid email format' };
}

/**
 * Tells the server where the receipt goes, just before the card is confirmed: the checkout's
 * payment intent, asked for again with the address (the server answers the same intent).
 */
export function saveReceiptEmail(conversionId: string, email: string | null): Promise<PaymentIntentAnswer> {
  return apiJson<PaymentIntentAnswer>('POST', apiPaths.createPaymentIntent, {
    plan: 'pay-per-use',
    amount: plans['pay-per-use'].priceCents,
    conversion_id: conversionId,
    email,
  });
}
