import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';

/** Tooltips open after 700 ms, and at once within 300 ms of the last one (spec section 9). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

function Bubble({ children, ...props }: TooltipPrimitive.TooltipContentProps) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={6}
        collisionPadding={8}
        className="z-50 max-w-64 rounded-md bg-foreground px-3 py-1.5 text-xs leading-snug text-background shadow-md"
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

/** A short explanation shown on hover and focus of its child. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <Bubble>{content}</Bubble>
    </TooltipPrimitive.Root>
  );
}

/**
 * An (i) that explains the thing beside it. It opens on hover and keyboard focus like a tooltip,
 * and on a click or tap too (a phone has no hover), staying open until the next press, Esc, a
 * press elsewhere or leaving it by Tab. The button is 24 px square (WCAG 2.5.8); while open, the
 * text is its accessible description, so a screen reader reads it on focus.
 */
export function Hint({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Opened by a press: hover leaving does not close it.
  const pinned = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    if (!next) pinned.current = false;
    setOpen(next);
  };
  return (
    <TooltipPrimitive.Root open={open} onOpenChange={change} disableHoverableContent>
      <TooltipPrimitive.Trigger asChild>
        <button
          ref={trigger}
          type="button"
          aria-label={label}
          // Radix closes a tooltip when its trigger is pressed; here a press toggles it instead.
          onPointerDown={(event) => event.preventDefault()}
          onClick={(event) => {
            event.preventDefault();
            pinned.current = !pinned.current;
            setOpen(pinned.current);
          }}
          onPointerLeave={(event) => {
            if (pinned.current) event.preventDefault();
          }}
          className="-my-1 inline-flex size-6 shrink-0 cursor-help items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Info aria-hidden="true" className="size-4" />
        </button>
      </TooltipPrimitive.Trigger>
      <Bubble
        onPointerDownOutside={(event) => {
          // The press on the (i) itself is the toggle's, not a press elsewhere.
          if (trigger.current?.contains(event.target as Node)) event.preventDefault();
        }}
      >
        {children}
      </Bubble>
    </TooltipPrimitive.Root>
  );
}
