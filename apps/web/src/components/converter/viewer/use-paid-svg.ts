import { apiPaths, type Conversion, isPaid } from '@vectrace/contract';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api';

/** The paid result's own SVG, as a picture that stays sharp at any zoom. */
export function usePaidSvg(conversion: Conversion | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const paid = conversion ? isPaid(conversion.paymentStatus) : false;
  const id = conversion?.id;
  useEffect(() => {
    if (!paid || !id) return;
    let objectUrl: string | null = null;
    let live = true;
    apiRequest('GET', apiPaths.download(id))
      .then((response) => response.blob())
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'image/svg+xml' }));
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [paid, id]);
  return url;
}
