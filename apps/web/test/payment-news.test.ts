import { describe, expect, it } from 'vitest';
import { nothingToVerify, paymentNews, verifyOutcome } from '../src/lib/payment-news';

describe('what a return from payment says', () => {
  it('reads the answer: a paid image, Pro, still processing, or refused with its reason', () => {
    expect(verifyOutcome({ success: true, paymentStatus: 'paid', message: '' })).toEqual({ kind: 'paid' });
    expect(verifyOutcome({ success: true, paymentStatus: 'subscription_active', message: '' })).toEqual({
      kind: 'pro',
    });
    expect(
      verifyOutcome({ success: false, paymentStatus: 'unpaid', message: 'Still processing.', pending: true }),
    ).toEqual({ kind: 'pending' });
    expect(verifyOutcome({ success: false, paymentStatus: 'unpaid', message: 'No such payment.' })).toEqual({
      kind: 'refused',
      reason: 'No such payment.',
    });
  });

  it('after subscribing says Pro, not that files can be downloaded', () => {
    const news = paymentNews({ kind: 'pro' });
    expect(news.title).toBe("You're on Pro");
    expect(news.description).not.toMatch(/converted files/);
  });

  it('after paying for one image says the vector is ready to download', () => {
    expect(paymentNews({ kind: 'paid' })).toEqual({
      title: 'Payment Verified',
      description: 'Your payment has been confirmed. Your vector is ready to download.',
    });
  });

  it('says Payment Processing only while it will ask again, then ends in a clear sentence', () => {
    expect(paymentNews({ kind: 'pending' }, { lastAttempt: false }).title).toBe('Payment Processing');
    const last = paymentNews({ kind: 'pending' }, { lastAttempt: true });
    expect(last.title).toBe('Payment not confirmed yet');
    expect(last.description).toMatch(/Reload this page/);
  });

  it('a refused payment is not confirmed, with the reason and what to do for its plan', () => {
    const image = paymentNews({ kind: 'refused', reason: 'Conversion not found' });
    expect(image).toMatchObject({ title: 'Payment not confirmed', variant: 'destructive' });
    expect(image.description).toBe(
      'Conversion not found. Nothing has been unlocked: to download, pay from the converter.',
    );
    const pro = paymentNews({ kind: 'refused', reason: 'No such checkout.' }, { pro: true });
    expect(pro.description).toBe(
      'No such checkout. Nothing has been unlocked: to get Pro, subscribe again from the Pro checkout.',
    );
    expect(nothingToVerify.title).toBe('Payment not confirmed');
  });
});
