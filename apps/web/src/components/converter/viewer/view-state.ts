import type { CSSProperties } from 'react';

/** Where the viewer looks: a zoom (1 = one image pixel per screen pixel) around a center point. */
export interface View {
  zoom: number;
  /** The image point at the viewport's center, in image pixels. */
  cx: number;
  cy: number;
}

/** A width and height in pixels: an image's, or a viewport's. */
export type Size = { width: number; height: number };

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 16;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The view that shows the whole image in the viewport. */
export function fitView(
  image: { width: number; height: number },
  viewport: { width: number; height: number },
): View {
  const zoom = Math.min(viewport.width / image.width, viewport.height / image.height);
  return { zoom: clampZoom(zoom), cx: image.width / 2, cy: image.height / 2 };
}

/** Zooms by `factor`, keeping the image point under (px, py) (viewport pixels) where it is. */
export function zoomAround(
  view: View,
  factor: number,
  px: number,
  py: number,
  viewport: { width: number; height: number },
): View {
  const zoom = clampZoom(view.zoom * factor);
  const ix = view.cx + (px - viewport.width / 2) / view.zoom;
  const iy = view.cy + (py - viewport.height / 2) / view.zoom;
  return { zoom, cx: ix - (px - viewport.width / 2) / zoom, cy: iy - (py - viewport.height / 2) / zoom };
}

/** Moves the view by a drag of (dx, dy) screen pixels. */
export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, cx: view.cx - dx / view.zoom, cy: view.cy - dy / view.zoom };
}

/** The part of the image the viewport shows, in image pixels, clipped to the image. */
export function visibleRegion(
  view: View,
  image: { width: number; height: number },
  viewport: { width: number; height: number },
) {
  const x0 = Math.max(0, view.cx - viewport.width / 2 / view.zoom);
  const y0 = Math.max(0, view.cy - viewport.height / 2 / view.zoom);
  const x1 = Math.min(image.width, view.cx + viewport.width / 2 / view.zoom);
  const y1 = Math.min(image.height, view.cy + viewport.height / 2 / view.zoom);
  return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
}

/** Where an image-sized box sits in a viewport for a view. */
export function boxOf(view: View, viewport: Size, x = 0, y = 0, w = 0, h = 0): CSSProperties {
  return {
    position: 'absolute',
    left: viewport.width / 2 + (x - view.cx) * view.zoom,
    top: viewport.height / 2 + (y - view.cy) * view.zoom,
    width: w * view.zoom,
    height: h * view.zoom,
    maxWidth: 'none',
  };
}
