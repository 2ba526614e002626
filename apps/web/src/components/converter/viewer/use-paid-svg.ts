import { apiPaths, type Conversion, isPaid } from '@vectrace/contract';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api';

/**
 * The paid result's own SVG, as a picture that stays sharp at any zoom, and its page's margin: the
 * pixels its page reaches beyond the image on every side when a cut contour runs off the image.
 */
export interface PaidSvg {
  url: string;
  margin: number;
}

/** The margin of an SVG's page, from its viewBox: "-m -m W+2m H+2m" (0 for "0 0 W H"). */
export function pageMargin(svg: string): number {
  const x = /<svg\b[^>]*\bviewBox="(-?[\d.]+) \1 /.exec(svg)?.[1];
  return x === undefined ? 0 : Math.max(0, -Number(x));
}

/** The paid result's own SVG (see {@link PaidSvg}), once it is paid and fetched. */
export function usePaidSvg(conversion: Conversion | null): PaidSvg | null {
  const [svg, setSvg] = useState<PaidSvg | null>(null);
  const paid = conversion ? isPaid(conversion.paymentStatus) : false;
  const id = conversion?.id;
  useEffect(() => {
    if (!paid || !id) return;
    let objectUrl: string | null = null;
    let live = true;
    apiRequest('GET', apiPaths.download(id))
      .then((response) => response.blob())
      .then(async (blob) => {
        const margin = pageMargin(await blob.slice(0, 4096).text());
        if (!live) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'image/svg+xml' }));
        setSvg({ url: objectUrl, margin });
      })
      .catch(() => setSvg(null));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setSvg(null);
    };
  }, [paid, id]);
  return svg;
}
