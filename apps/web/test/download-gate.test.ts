import { describe, expect, it } from 'vitest';
import { canDownload, checkoutPathFor, needsPayment } from '../src/lib/download-gate';

const completed = { status: 'completed' as const, paymentStatus: 'unpaid' as const, expired: false };

describe('download gating', () => {
  it('sends an unpaid download to the pay-per-use checkout for that conversion', () => {
    expect(checkoutPathFor('1b2c')).toBe('/checkout?plan=pay-per-use&conversion_id=1b2c');
  });

  it('allows downloads only for completed conversions that are paid, or for Pro users', () => {
    expect(canDownload(completed)).toBe(false);
    expect(canDownload({ ...completed, paymentStatus: 'paid' })).toBe(true);
    expect(canDownload({ ...completed, paymentStatus: 'subscription_active' })).toBe(true);
    expect(canDownload(completed, { planType: 'pro' })).toBe(true);
    expect(canDownload(completed, { planType: 'free' })).toBe(false);
    expect(canDownload({ ...completed, status: 'processing', paymentStatus: 'paid' })).toBe(false);
    expect(canDownload({ ...completed, paymentStatus: 'paid', expired: true })).toBe(false);
  });

  it('asks for payment only for a completed, unpaid, unexpired result', () => {
    expect(needsPayment(completed)).toBe(true);
    expect(needsPayment({ ...completed, paymentStatus: 'paid' })).toBe(false);
    expect(needsPayment(completed, { planType: 'pro' })).toBe(false);
    expect(needsPayment({ ...completed, status: 'pending' })).toBe(false);
    expect(needsPayment({ ...completed, expired: true })).toBe(false);
  });
});
