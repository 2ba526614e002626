import { type Conversion, retentionWords } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';
import { timeLeft } from '../src/lib/history';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const uploaded = Date.parse('2026-03-01T10:00:00Z');

// On the server's defaults: kept 23 hours after upload, then gone at the next 5-minute sweep.
const conversion = (expired = false) =>
  ({
    expired,
    expiresAt: new Date(uploaded + 23 * HOUR).toISOString(),
    deletedBy: new Date(uploaded + 23 * HOUR + 5 * MINUTE).toISOString(),
  }) as Conversion;

describe('how long a result is kept, as the history says it', () => {
  it('says the promise right after the upload, and never less than the time left', () => {
    expect(retentionWords).toBe('within 24 hours');
    expect(timeLeft(conversion(), uploaded + MINUTE)).toBe('deleted within 24 hours');
    expect(timeLeft(conversion(), uploaded + 21 * HOUR + 30 * MINUTE)).toBe('deleted within 2 hours');
    expect(timeLeft(conversion(), uploaded + 22 * HOUR + 5 * MINUTE)).toBe('deleted within 1 hour');
    expect(timeLeft(conversion(), uploaded + 22 * HOUR + 25 * MINUTE)).toBe('deleted within 40 minutes');
    expect(timeLeft(conversion(), uploaded + 24 * HOUR)).toBe('being deleted');
    expect(timeLeft(conversion(true), uploaded + MINUTE)).toBeNull();
  });
});
