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
}

let toasts: ToastItem[] = [];
let count = 0;
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
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen, for the Toaster. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
