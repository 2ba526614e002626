import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../src/retry.js';

describe('Retry-After, as the client reads it', () => {
  const now = Date.parse('Sun, 29 Nov 2026 17:00:00 GMT');

  it('reads seconds, and an HTTP date as the time until it', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 2 ', now)).toBe(2000);
    expect(retryAfterMs('Sun, 29 Nov 2026 17:00:30 GMT', now)).toBe(30_000);
  });

  it('waits nothing for a date past, and knows no wait when the header is absent or unreadable', () => {
    expect(retryAfterMs('Sun, 29 Nov 2026 16:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
  });
});
