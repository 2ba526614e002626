import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Conversion } from '@vectrace/contract';
import { AlertCircle, ArrowLeft, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { productName } from '../components/layout/brand';
import { CardPage } from '../components/layout/card-page';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { usePageMeta } from '../hooks/use-page-meta';
import { ApiError, apiJson } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** What went wrong opening a link, in words, and whether trying again can help. */
function failureOf(error: Error): { title: string; message: string; retry: boolean } {
  if (error instanceof ApiError && error.status === 410) {
    return { title: 'This conversion has been deleted', message: error.message, retry: false };
  }
  if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
    return { title: "This link doesn't work", message: error.message, retry: false };
  }
  return {
    title: "We couldn't open your conversion",
    message: "Vectrace didn't answer. Check your connection, then try again: the link keeps working.",
    retry: true,
  };
}

/**
 * `/restore/{id}?sig=...`, the receipt's link: the server checks the signature and lets this browser
 * open the paid conversion, then the converter shows it, ready to download.
 */
export function RestorePage({ params }: { params: { id: string } }) {
  usePageMeta(
    `Your conversion | ${productName}`,
    'Opening a paid conversion from its receipt link, ready to download.',
  );
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: () =>
      apiJson<Conversion>('POST', apiPaths.restore, {
        conversion_id: params.id,
        sig: search.get('sig') ?? '',
      }),
    onSuccess: (conversion) => {
      queryClient.setQueryData(queryKeys.conversion(conversion.id), conversion);
      navigate(`/?conversion=${encodeURIComponent(conversion.id)}`, { replace: true });
    },
  });
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, for the link the page opened with
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    restore.mutate();
  }, []);

  const failure = restore.error ? failureOf(restore.error) : null;
  return (
    <CardPage>
      {failure ? (
        <>
          <div className="flex items-center gap-3">
            <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-danger" />
            <h1 className="text-2xl font-bold tracking-tight">{failure.title}</h1>
          </div>
          <p className="text-muted-foreground">{failure.message}</p>
          <div className="flex flex-wrap gap-3">
            {failure.retry ? (
              <Button size="lg" onClick={() => restore.mutate()} disabled={restore.isPending}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            ) : null}
            <Button asChild size="lg" variant={failure.retry ? 'outline' : 'default'}>
              <Link href="/">
                <ArrowLeft aria-hidden="true" />
                Go to the converter
              </Link>
            </Button>
          </div>
        </>
      ) : (
        <div role="status" className="flex items-center gap-3">
          <Spinner className="size-6 text-primary" />
          <h1 className="text-xl font-semibold tracking-tight">Opening your conversion…</h1>
        </div>
      )}
    </CardPage>
  );
}
