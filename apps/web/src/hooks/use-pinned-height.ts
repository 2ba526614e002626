import { useEffect, useRef } from 'react';

/**
 * Tells the page how tall something pinned to the screen is, as a CSS variable on the root, while
 * it is pinned (fixed or sticky): the sticky header's `--header-height`, which toasts sit under.
 */
export function usePinnedHeight<T extends HTMLElement>(variable: string, active = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const pinnedElement = ref.current;
    if (!active || !pinnedElement) return;
    const root = document.documentElement;
    const measure = () => {
      const pinned = ['fixed', 'sticky'].includes(getComputedStyle(pinnedElement).position);
      root.style.setProperty(variable, pinned ? `${pinnedElement.offsetHeight}px` : '0px');
    };
    const observer = new ResizeObserver(measure);
    observer.observe(pinnedElement);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(variable);
    };
  }, [variable, active]);
  return ref;
}
