import { type ReactNode, useEffect, useRef } from 'react';
import { useElementSize } from './use-element-size';
import { panBy, type Size, type View, zoomAround } from './view-state';

/** One viewport: it zooms with the wheel or a pinch, pans with a drag, and shows its layers. */
export function Pane({
  onView,
  label,
  children,
}: {
  onView: (update: (view: View, viewport: Size) => View) => void;
  label: string;
  children: (viewport: Size) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const viewport = useElementSize(ref);
  const pointers = useRef(new Map<number, { x: number; y: number }>());

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const size = { width: rect.width, height: rect.height };
      onView((v) =>
        zoomAround(
          v,
          Math.exp(-event.deltaY * 0.0015),
          event.clientX - rect.left,
          event.clientY - rect.top,
          size,
        ),
      );
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }, [onView]);

  const move = (event: React.PointerEvent) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const size = { width: rect.width, height: rect.height };
    const current = { x: event.clientX, y: event.clientY };
    if (pointers.current.size === 2) {
      // A pinch: the distance between the two fingers sets the zoom, around their middle.
      const [other] = [...pointers.current.entries()]
        .filter(([id]) => id !== event.pointerId)
        .map(([, p]) => p);
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(current.x - other.x, current.y - other.y);
      if (before > 0) {
        const mx = (current.x + other.x) / 2 - rect.left;
        const my = (current.y + other.y) / 2 - rect.top;
        onView((v) => zoomAround(v, after / before, mx, my, size));
      }
    } else {
      onView((v) => panBy(v, current.x - previous.x, current.y - previous.y));
    }
    pointers.current.set(event.pointerId, current);
  };
  const release = (event: React.PointerEvent) => pointers.current.delete(event.pointerId);

  return (
    <div
      ref={ref}
      data-pane={label}
      className="relative h-full w-full cursor-grab touch-none overflow-hidden active:cursor-grabbing"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      }}
      onPointerMove={move}
      onPointerUp={release}
      onPointerCancel={release}
    >
      {viewport.width > 0 ? children(viewport) : null}
    </div>
  );
}
