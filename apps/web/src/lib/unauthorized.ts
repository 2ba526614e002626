/**
 * Every 401 the app's own API answers, told to whoever listens (the auth provider). For a browser
 * that believes it is signed in, a 401 means its session has ended: expired, or signed out in
 * another tab. One place sees them all, whether the call was a query, a mutation or a download.
 */
type Listener = () => boolean;
const listeners = new Set<Listener>();

/** Listens until the returned function is called; the listener says whether a session ended. */
export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the 401 just answered means this browser's session has ended. */
export function reportUnauthorized(): boolean {
  let ended = false;
  for (const listener of listeners) ended = listener() || ended;
  return ended;
}
