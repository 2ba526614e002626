/** The query parameter of /auth that names the page to come back to after signing in. */
export const NEXT_PARAM = 'next';

// Any base will do: only whether the path stays on it matters.
const base = 'https://vectrace.invalid';

/**
 * A return path from the address bar, where anyone can write one, or null: only a path on this
 * site. Parsed as the browser will parse it, so '//host', '/\host' and '/<tab>/host' (the parser
 * drops tabs and newlines) are all refused, as are other schemes.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, coming back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path && path !== '/' ? `/auth?${NEXT_PARAM}=${encodeURIComponent(path)}` : '/auth';
}

/** The page in `/auth?next=...`, if it is one of this site's. */
export function returnPathIn(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM));
}
