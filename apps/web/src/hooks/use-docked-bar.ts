import { useEffect, useRef } from 'react';

/**
 * Tells the page how tall the docked action bar is (docked-bar.ts) while it is fixed along the
 * bottom, as `--docked-bar-height` on the root: toasts sit above it, never over its actions.
 */
export function useDockedBar<T extends HTMLElement>(docked: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!docked || !bar) return;
    const root = document.documentElement;
    const measure = () => {
      const fixed = getComputedStyle(bar).position === 'fixed';
      root.style.setProperty('--docked-bar-height', fixed ? `${bar.offsetHeight}px` : '0px');
    };
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--docked-bar-height');
    };
  }, [docked]);
  return ref;
}
