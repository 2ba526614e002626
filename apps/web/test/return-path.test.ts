import { describe, expect, it } from 'vitest';
import { returnPathIn, safeReturnPath, signInPath } from '../src/lib/return-path';

describe('the page to come back to after signing in', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/account')).toBe('/account');
    expect(safeReturnPath('/?conversion=abc')).toBe('/?conversion=abc');
    expect(safeReturnPath('/api/docs#authentication')).toBe('/api/docs#authentication');
  });

  it('refuses anything that would leave the site, however it is written', () => {
    for (const value of [
      null,
      '',
      'account',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('is carried in /auth?next=, and read back from it only when safe', () => {
    expect(signInPath('/?conversion=abc')).toBe('/auth?next=%2F%3Fconversion%3Dabc');
    expect(returnPathIn('?next=%2F%3Fconversion%3Dabc')).toBe('/?conversion=abc');
    expect(signInPath('/')).toBe('/auth');
    expect(returnPathIn('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('?next=%2F%09%2Fevil.example')).toBeNull();
    expect(returnPathIn('')).toBeNull();
  });
});
