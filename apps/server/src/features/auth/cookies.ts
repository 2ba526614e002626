import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_ABSOLUTE_MS } from './sessions.js';

/**
 * Cookie names and options. With HTTPS the names take the __Host- prefix, which the browser only
 * accepts with Secure, Path=/ and no Domain (RFC 6265bis), so no subdomain can plant one.
 */
export function cookieSettings(secure: boolean) {
  const prefix = secure ? '__Host-' : '';
  const base: CookieSerializeOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure };
  return {
    session: { name: `${prefix}sid`, options: { ...base, maxAge: SESSION_ABSOLUTE_MS / 1000 } },
    visitor: { name: `${prefix}vid`, options: { ...base, signed: true, maxAge: 30 * 24 * 3600 } },
    /** The accounts this browser signed in to (known-browsers.ts): kept a year. */
    known: { name: `${prefix}known`, options: { ...base, signed: true, maxAge: 365 * 24 * 3600 } },
    clear: base,
  };
}
export type CookieSettings = ReturnType<typeof cookieSettings>;
