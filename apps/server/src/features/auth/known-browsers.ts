import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSettings } from './cookies.js';

// A browser that signed in to an account before keeps logging in to it while strangers' guesses
// at that account are refused (throttle.ts): it holds a signed cookie naming the accounts it
// signed in to (OWASP's "device cookies"). Accounts are named by a short hash of the username.
const MAX_ACCOUNTS = 5;

const tagOf = (usernameKey: string) =>
  createHash('sha256').update(usernameKey).digest('base64url').slice(0, 16);

function knownTags(request: FastifyRequest, cookies: CookieSettings): string[] {
  const raw = request.cookies[cookies.known.name];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value.split('.') : [];
}

/** Whether this browser signed in to the account before (a valid signed cookie says so). */
export function knowsAccount(request: FastifyRequest, cookies: CookieSettings, usernameKey: string): boolean {
  return knownTags(request, cookies).includes(tagOf(usernameKey));
}

/** Remembers, in the browser, that it signed in to the account (the latest few accounts). */
export function rememberAccount(
  request: FastifyRequest,
  reply: FastifyReply,
  cookies: CookieSettings,
  usernameKey: string,
): void {
  const tag = tagOf(usernameKey);
  const tags = [tag, ...knownTags(request, cookies).filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS);
  reply.setCookie(cookies.known.name, tags.join('.'), cookies.known.options);
}
