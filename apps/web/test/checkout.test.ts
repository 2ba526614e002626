import { plans } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';
import {
  amountInCents,
  cardErrorField,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parsePlan,
  paymentReturnUrl,
  paymentSuccessPath,
  proCheckoutPath,
  publishableKeyError,
  withoutStatus,
} from '../src/lib/checkout';
import { readPaymentReturn, shouldVerify } from '../src/lib/payment-return';
import { safeReturnPath } from '../src/lib/return-path';

describe('the checkout plan', () => {
  it('defaults to pro, and reads pay-per-use', () => {
    expect(parsePlan(null)).toBe('pro');
    expect(parsePlan(undefined)).toBe('pro');
    expect(parsePlan('')).toBe('pro');
    expect(parsePlan('pro')).toBe('pro');
    expect(parsePlan('pay-per-use')).toBe('pay-per-use');
  });

  it('treats anything else as pro', () => {
    expect(parsePlan('enterprise')).toBe('pro');
    expect(parsePlan('PAY-PER-USE')).toBe('pro');
    expect(parsePlan('pay-per-use ')).toBe('pro');
  });
});

describe('the amount in cents', () => {
  it('is the price times 100, rounded', () => {
    expect(amountInCents(1)).toBe(100);
    expect(amountInCents(5.99)).toBe(599);
    expect(amountInCents(0.1 + 0.2)).toBe(30);
    expect(amountInCents(plans['pay-per-use'].price)).toBe(plans['pay-per-use'].priceCents);
    expect(amountInCents(plans.pro.price)).toBe(plans.pro.priceCents);
  });
});

describe('the publishable key check', () => {
  it('refuses a secret key, saying it must be a publishable key', () => {
    expect(publishableKeyError({ provider: 'stripe', publishableKey: 'sk_test_123' })).toBe(
      'The payment key is a secret key. It must be a publishable key (starts with pk_).',
    );
    expect(publishableKeyError({ provider: 'stripe', publishableKey: 'sk_live_123' })).toContain(
      'starts with pk_',
    );
  });

  it('accepts a publishable key', () => {
    expect(publishableKeyError({ provider: 'stripe', publishableKey: 'pk_test_123' })).toBeNull();
    expect(publishableKeyError({ provider: 'stripe', publishableKey: 'pk_live_123' })).toBeNull();
  });

  it('needs a key for Stripe, not for the sandbox', () => {
    expect(publishableKeyError({ provider: 'stripe', publishableKey: '' })).toContain('missing');
    expect(publishableKeyError({ provider: 'sandbox', publishableKey: '' })).toBeNull();
    expect(publishableKeyError({ provider: 'sandbox', publishableKey: 'sk_test_1' })).toContain('secret key');
  });
});

describe('card fields as typed', () => {
  it('groups the card number in fours, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242-4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
  });

  it('writes the expiry as MM / YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12/34')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('430')).toBe('04 / 30');
    expect(formatExpiry('12 / ')).toBe('12');
    expect(formatExpiry('')).toBe('');
  });

  it('keeps the CVC to four digits', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('123456')).toBe('1234');
  });
});

describe('after paying', () => {
  it('sends the browser home with the payment, which the home page then verifies', () => {
    const path = paymentSuccessPath('pi_123', 'conv-1');
    expect(path).toBe('/?payment=success&payment_intent=pi_123&conversion_id=conv-1');
    const ret = readPaymentReturn(path.slice(1), null);
    expect(ret).toEqual({
      paymentIntentId: 'pi_123',
      sessionId: null,
      succeeded: true,
      failed: false,
      conversionId: 'conv-1',
    });
    expect(shouldVerify(ret)).toBe(true);
  });

  it('escapes what it puts in the address', () => {
    expect(paymentSuccessPath('pi_1', 'a&b=c')).toBe(
      '/?payment=success&payment_intent=pi_1&conversion_id=a%26b%3Dc',
    );
  });

  it('gives Stripe the site root with payment=success as the return address', () => {
    expect(paymentReturnUrl('https://vectrace.example', 'conv-1')).toBe(
      'https://vectrace.example/?payment=success&conversion_id=conv-1',
    );
  });
});

describe('the way back after signing in', () => {
  it('is the Pro checkout, with the conversion when there is one', () => {
    expect(proCheckoutPath(null)).toBe('/checkout?plan=pro');
    expect(proCheckoutPath('conv-1')).toBe('/checkout?plan=pro&conversion_id=conv-1');
  });

  it('is taken only when it is a path on this site', () => {
    expect(safeReturnPath('/checkout?plan=pro')).toBe('/checkout?plan=pro');
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('http://evil.example/')).toBeNull();
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
    expect(safeReturnPath('checkout')).toBeNull();
  });
});

describe('messages', () => {
  it('drops the status the API client puts in front', () => {
    expect(withoutStatus('402: Your card was declined.')).toBe('Your card was declined.');
    expect(withoutStatus('Stripe not loaded')).toBe('Stripe not loaded');
  });
});

describe('a card error', () => {
  it('points at the field it is about, if any', () => {
    expect(cardErrorField('Your card number is invalid.')).toBe('number');
    expect(cardErrorField("Your card's expiration date is in the past.")).toBe('expiry');
    expect(cardErrorField("Your card's security code is incomplete.")).toBe('cvc');
    expect(cardErrorField('Your card was declined.')).toBeNull();
  });
});
