import { type ReactNode, useSyncExternalStore } from 'react';

/** One toast at a time; a dismissed toast leaves the store this long after (spec section 9). */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastInput {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
  /** When it was shown, in the order of events below (not a time). */
  shown: number;
}

let toasts: ToastItem[] = [];
let count = 0;
// Events in the order they happen: toasts shown, and the user's presses and keys.
let events = 0;
let lastInteraction = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      publish(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes a toast (all of them without an id). */
export function dismiss(id?: string): void {
  publish(
    toasts.map((t) => {
      if (id !== undefined && t.id !== id) return t;
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }),
  );
}

/** Shows a toast; it replaces the one on screen. */
export function toast(input: ToastInput): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  publish([{ ...input, id, open: true, shown: ++events }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/**
 * A new page closes the toasts the user had already moved on from: those shown before their last
 * press or key (the click on "Pay" that leaves the converter, the back button). A toast shown after
 * it, such as "Payment Successful" on the way home or "Welcome back!" on signing in, reports that very
 * move and goes along.
 */
export function dismissStale(): void {
  for (const t of toasts) if (t.open && t.shown < lastInteraction) dismiss(t.id);
}

if (typeof window !== 'undefined') {
  const interacted = () => {
    lastInteraction = ++events;
  };
  window.addEventListener('pointerdown', interacted, true);
  window.addEventListener('keydown', interacted, true);
  // Back and forward are the user's own move too.
  window.addEventListener('popstate', interacted, true);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen, for the Toaster. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
