import { apiPaths } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../src/lib/query-keys';

// getQueryFn fetches a key's segments joined with slashes: each key must join to its path.
const address = (key: readonly unknown[]) => key.join('/');

describe('query keys', () => {
  it('join to the API paths they are cached under', () => {
    expect(address(queryKeys.user)).toBe(apiPaths.user);
    expect(address(queryKeys.account)).toBe(apiPaths.account);
    expect(address(queryKeys.apiKeys)).toBe(apiPaths.apiKeys);
    expect(address(queryKeys.paymentConfig)).toBe(apiPaths.paymentConfig);
    expect(address(queryKeys.conversions)).toBe(apiPaths.conversions);
    expect(address(queryKeys.conversion('c1'))).toBe(apiPaths.conversion('c1'));
    expect(address(queryKeys.receiptLink('c1'))).toBe(apiPaths.receiptLink('c1'));
    expect(address(queryKeys.sandboxCheckoutSession('cs_1'))).toBe(
      `${apiPaths.sandboxCheckoutSessions}/cs_1`,
    );
    expect(address(queryKeys.sandboxPortalSession('ps_1'))).toBe(`${apiPaths.sandboxPortalSessions}/ps_1`);
    expect(address(queryKeys.openApiDocument)).toBe(apiPaths.openApiDocument);
  });

  it("start a conversion's keys with the list's, so invalidating the list reaches them", () => {
    expect(queryKeys.conversion('c1')[0]).toBe(queryKeys.conversions[0]);
    expect(queryKeys.receiptLink('c1').slice(0, 2)).toEqual(queryKeys.conversion('c1'));
  });
});
