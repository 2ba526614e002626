import { describe, expect, it } from 'vitest';
import { readReceiptEmail } from '../src/lib/receipt-email';

describe('the receipt address at checkout', () => {
  it('is optional: left empty, no receipt is sent', () => {
    expect(readReceiptEmail('')).toEqual({ email: null, problem: null });
    expect(readReceiptEmail('   ')).toEqual({ email: null, problem: null });
  });

  it('is taken without the spaces around it', () => {
    expect(readReceiptEmail('  buyer@example.com ')).toEqual({ email: 'buyer@example.com', problem: null });
  });

  it("is checked with the sign-up form's rules and words", () => {
    expect(readReceiptEmail('buyer at example.com')).toEqual({ problem: 'Invalid email format' });
    expect(readReceiptEmail(`${'a'.repeat(250)}@example.com`)).toEqual({
      problem: 'Email must be at most 255 characters',
    });
  });
});
