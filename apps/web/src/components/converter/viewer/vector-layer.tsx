import { apiPaths, type Conversion } from '@vectrace/contract';
import { PreviewPicture, RegionPicture } from './preview-picture';
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
  paidSvg: string | null;
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
        <img src={paidSvg} alt="" draggable={false} style={whole} className="select-none" />
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
