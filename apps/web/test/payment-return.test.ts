import { describe, expect, it } from 'vitest';
import {
  readPaymentReturn,
  shouldVerify,
  withoutClientSecret,
  withoutPaymentParams,
} from '../src/lib/payment-return';

describe('the return from payment', () => {
  it('reads the payment intent, the session, payment=success and the conversion', () => {
    expect(readPaymentReturn('?payment=success&payment_intent=pi_1&conversion_id=c1', null)).toEqual({
      paymentIntentId: 'pi_1',
      sessionId: null,
      succeeded: true,
      failed: false,
      conversionId: 'c1',
    });
    expect(readPaymentReturn('?payment=success&session_id=cs_1', null)).toMatchObject({ sessionId: 'cs_1' });
  });

  it('takes the conversion from session storage when the address has none', () => {
    expect(readPaymentReturn('?payment=success&payment_intent=pi_1', 'stored').conversionId).toBe('stored');
    expect(
      readPaymentReturn('?payment=success&payment_intent=pi_1&conversion_id=c1', 'stored').conversionId,
    ).toBe('c1');
  });

  it('verifies only with a conversion, payment=success, and a payment intent or session id', () => {
    expect(shouldVerify(readPaymentReturn('?payment=success&payment_intent=pi_1', 'c1'))).toBe(true);
    expect(shouldVerify(readPaymentReturn('?payment=success&session_id=cs_1&conversion_id=c1', null))).toBe(
      true,
    );
    expect(shouldVerify(readPaymentReturn('?payment=success&payment_intent=pi_1', null))).toBe(false);
    expect(shouldVerify(readPaymentReturn('?payment=failed&payment_intent=pi_1', 'c1'))).toBe(false);
    expect(shouldVerify(readPaymentReturn('?payment=success', 'c1'))).toBe(false);
    expect(shouldVerify(readPaymentReturn('', 'c1'))).toBe(false);
  });

  it('reads a failed redirect as a failure, not a success to verify', () => {
    const ret = readPaymentReturn('?payment=success&payment_intent=pi_1&redirect_status=failed', 'c1');
    expect(ret).toMatchObject({ succeeded: false, failed: true });
    expect(shouldVerify(ret)).toBe(false);
  });

  it('drops the client secret from the address at once, and keeps the rest', () => {
    expect(
      withoutClientSecret(
        'http://x.test/?payment=success&payment_intent=pi_1&payment_intent_client_secret=s',
      ),
    ).toBe('/?payment=success&payment_intent=pi_1');
  });

  it('removes the payment parameters from the address and keeps the rest', () => {
    expect(
      withoutPaymentParams(
        'http://x.test/?payment=success&payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=succeeded&conversion_id=c&ref=mail#faq',
      ),
    ).toBe('/?ref=mail#faq');
    expect(withoutPaymentParams('http://x.test/?session_id=cs_1&payment=success')).toBe('/');
  });
});
