import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { dismiss, dismissStale, useToasts } from '../../hooks/use-toast';
import { cn } from '../../lib/cn';

/**
 * Where toasts appear: 5 s each, swipe right past 50 px to dismiss, F8 to reach them (spec section
 * 9). Never over what the user acts on: below the desktop layout they show at the top, just under
 * the sticky header (its menu and Login) and far from the bar of pay or download actions along
 * the bottom (use-pinned-height.ts); from `lg` up those actions, and the settings under them, fill
 * the side panel on the right, so toasts show bottom left, over the viewer's picture and clear of
 * its zoom and ground buttons. A new page closes the ones the user has moved on from.
 */
export function Toaster() {
  const toasts = useToasts();
  const [path] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(() => dismissStale(), [path]);
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            t.variant === 'destructive'
              ? 'border-danger bg-danger text-white'
              : 'border-border bg-surface text-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed top-[var(--header-height,0px)] right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm lg:top-auto lg:right-auto lg:bottom-40 lg:left-4" />
    </ToastPrimitive.Provider>
  );
}
