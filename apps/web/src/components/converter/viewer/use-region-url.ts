import { apiPaths } from '@vectrace/contract';
import { useEffect, useState } from 'react';
import { MAX_ZOOM, type View, visibleRegion } from './view-state';

const MAX_SIDE = 2048;

/**
 * The address of a server render of the visible region at the screen's resolution, once the view
 * has stayed still a moment; null while the whole-image render is sharp enough.
 */
export function useRegionUrl(options: {
  conversionId: string;
  paymentStatus: string;
  view: View;
  image: { width: number; height: number };
  viewport: { width: number; height: number };
  baseScale: number;
  outline: boolean;
}): { url: string; region: { x: number; y: number; w: number; h: number } } | null {
  const { conversionId, paymentStatus, view, image, viewport, baseScale, outline } = options;
  const [tile, setTile] = useState<ReturnType<typeof useRegionUrl>>(null);
  useEffect(() => {
    const ratio = window.devicePixelRatio || 1;
    const wanted = Math.min(MAX_ZOOM, view.zoom * ratio);
    if ((!outline && wanted <= baseScale * 1.1) || viewport.width === 0 || image.width === 0) {
      setTile(null);
      return;
    }
    const timer = setTimeout(() => {
      const seen = visibleRegion(view, image, viewport);
      const x = Math.floor(seen.x);
      const y = Math.floor(seen.y);
      const w = Math.max(1, Math.ceil(seen.x + seen.w) - x);
      const h = Math.max(1, Math.ceil(seen.y + seen.h) - y);
      const scale = Math.min(wanted, MAX_SIDE / Math.max(w, h));
      const query = new URLSearchParams({
        x: String(x),
        y: String(y),
        w: String(w),
        h: String(h),
        scale: scale.toFixed(3),
        view: outline ? 'outline' : 'fill',
        payment: paymentStatus,
      });
      setTile({ url: `${apiPaths.preview(conversionId)}?${query}`, region: { x, y, w, h } });
    }, 150);
    return () => clearTimeout(timer);
  }, [conversionId, paymentStatus, view, image, viewport, baseScale, outline]);
  return tile;
}
