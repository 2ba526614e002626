import { apiPaths, type Conversion } from '@vectrace/contract';
import { PreviewPicture, RegionPicture } from './preview-picture';
import type { PaidSvg } from './use-paid-svg';
import { useRegionUrl } from './use-region-url';
import { boxOf, type Size, type View } from './view-state';

/** The vector: the whole-image render, a sharper render of the visible region over it, or the SVG. */
export function VectorLayer({
  conversion,
  view,
  viewport,
  image,
  baseScale,
  outline,
  paidSvg,
}: {
  conversion: Conversion;
  view: View;
  viewport: Size;
  image: Size;
  baseScale: number;
  outline: boolean;
  paidSvg: PaidSvg | null;
}) {
  const tile = useRegionUrl({
    conversionId: conversion.id,
    paymentStatus: conversion.paymentStatus,
    view,
    image,
    viewport,
    baseScale: paidSvg && !outline ? Number.POSITIVE_INFINITY : baseScale,
    outline,
  });
  const whole = boxOf(view, viewport, 0, 0, image.width, image.height);
  const pageBox = (m: number) => boxOf(view, viewport, -m, -m, image.width + 2 * m, image.height + 2 * m);
  return (
    <>
      {outline ? null : (
        // A new image once paid: the preview drops its watermark.
        <PreviewPicture
          src={`${apiPaths.preview(conversion.id)}?payment=${conversion.paymentStatus}`}
          style={whole}
        />
      )}
      {paidSvg && !outline ? (
        // Its page may reach beyond the image (a cut contour off it): the image stays on the original.
        <img
          src={paidSvg.url}
          alt=""
          draggable={false}
          style={pageBox(paidSvg.margin)}
          className="select-none"
        />
      ) : null}
      {tile ? (
        <RegionPicture
          key={tile.url}
          src={tile.url}
          alt={outline ? 'Vector outlines and nodes' : ''}
          style={boxOf(view, viewport, tile.region.x, tile.region.y, tile.region.w, tile.region.h)}
        />
      ) : null}
    </>
  );
}
