import { createHmac, timingSafeEqual } from 'node:crypto';

// The e-mailed link that lets one more browser sign in to an account while strangers' logins to it
// are refused (throttle.ts). The token names the account (its username key) and when the link
// stops working, signed with the server's secret (SESSION_SECRET, as receipt links are). Opening it
// only marks the browser as one that may try the password: it does not sign in.
export const UNLOCK_LINK_TTL_MS = 60 * 60_000;

const signature = (secret: string, usernameKey: string, expiresAt: number) =>
  createHmac('sha256', secret).update(`unlock\n${usernameKey}\n${expiresAt}`).digest('base64url');

/** The token for the account, working until `now` plus an hour. */
export function unlockToken(secret: string, usernameKey: string, now: Date): string {
  const expiresAt = now.getTime() + UNLOCK_LINK_TTL_MS;
  const key = Buffer.from(usernameKey).toString('base64url');
  return `${key}.${expiresAt}.${signature(secret, usernameKey, expiresAt)}`;
}

/** The link in the mail: the login page, which hands the token to the server. */
export const unlockLink = (origin: string, token: string) =>
  `${origin}/auth?unlock=${encodeURIComponent(token)}`;

export type UnlockCheck = { ok: true; usernameKey: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Whether this server made the token, and whether it still works. */
export function checkUnlockToken(secret: string, token: string, now: Date): UnlockCheck {
  const [key, expires, sig, ...rest] = token.split('.');
  if (!key || !expires || !sig || rest.length > 0 || !/^\d{1,15}$/.test(expires)) {
    return { ok: false, reason: 'invalid' };
  }
  const usernameKey = Buffer.from(key, 'base64url').toString();
  const expiresAt = Number(expires);
  const expected = Buffer.from(signature(secret, usernameKey, expiresAt));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (expiresAt <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, usernameKey };
}
