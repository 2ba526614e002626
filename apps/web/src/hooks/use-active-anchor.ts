import { useEffect, useState } from 'react';

/** How far below the window's top a section counts as the one being read. */
const READING_LINE = 120;

/** Of these sections, in page order, the last whose top has scrolled past the reading line. */
export function useActiveAnchor(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join(' ');
  useEffect(() => {
    const anchors = key.split(' ');
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | undefined;
      for (const id of anchors) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= READING_LINE) current = id;
      }
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [key]);
  return active;
}
