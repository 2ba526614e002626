import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Conversion } from '@vectrace/contract';
import { AlertCircle, ArrowLeft, CheckCircle2, RotateCw, Unlink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { productName } from '../components/layout/brand';
import { CardPage } from '../components/layout/card-page';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { usePageMeta } from '../hooks/use-page-meta';
import { ApiError, apiJson, apiRequest } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** What went wrong opening a link, in words, and whether trying again can help. */
function failureOf(error: Error): { title: string; message: string; retry: boolean } {
  if (error instanceof ApiError && error.code === 'link_ended') {
    return { title: 'This link has been ended', message: error.message, retry: false };
  }
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
 * open the paid conversion, then the converter shows it, ready to download. With `&end=1` (the
 * receipt's second link) it asks first whether to end the link instead.
 */
export function RestorePage({ params }: { params: { id: string } }) {
  usePageMeta(
    `Your conversion | ${productName}`,
    'Opening a paid conversion from its receipt link, ready to download.',
  );
  const [search] = useSearchParams();
  return search.get('end') === '1' ? (
    <EndLink id={params.id} sig={search.get('sig') ?? ''} />
  ) : (
    <OpenLink id={params.id} sig={search.get('sig') ?? ''} />
  );
}

/** Opens the conversion in this browser and shows it in the converter. */
function OpenLink({ id, sig }: { id: string; sig: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: () => apiJson<Conversion>('POST', apiPaths.restore, { conversion_id: id, sig }),
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
        <Failure failure={failure} retry={() => restore.mutate()} pending={restore.isPending} />
      ) : (
        <div role="status" className="flex items-center gap-3">
          <Spinner className="size-6 text-primary" />
          <h1 className="text-xl font-semibold tracking-tight">Opening your conversion…</h1>
        </div>
      )}
    </CardPage>
  );
}

/** Asks, then ends the link: it stops opening the conversion in every browser. */
function EndLink({ id, sig }: { id: string; sig: string }) {
  const end = useMutation({
    mutationFn: () => apiRequest('POST', apiPaths.endRestoreLink, { conversion_id: id, sig }),
  });
  const failure = end.error ? failureOf(end.error) : null;
  if (failure) {
    return (
      <CardPage>
        <Failure failure={failure} retry={() => end.mutate()} pending={end.isPending} />
      </CardPage>
    );
  }
  if (end.isSuccess) {
    return (
      <CardPage>
        <div className="flex items-center gap-3">
          <CheckCircle2 aria-hidden="true" className="size-8 shrink-0 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">This link is ended</h1>
        </div>
        <p className="text-muted-foreground">
          It no longer opens the conversion, here or in any browser it was opened in. The converter where you
          paid still has the file, and a new link to it.
        </p>
        <ToConverter />
      </CardPage>
    );
  }
  return (
    <CardPage>
      <h1 className="text-2xl font-bold tracking-tight">End this link?</h1>
      <p className="text-muted-foreground">
        Anyone who has this link can open the conversion and download the file. Ending it stops this link, and
        every copy of it, from opening the file in any browser, including those that opened it before. The
        converter where you paid keeps the file and gives you a new link.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button size="lg" variant="destructive" onClick={() => end.mutate()} disabled={end.isPending}>
          {end.isPending ? <Spinner className="size-4" /> : <Unlink aria-hidden="true" />}
          End this link
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={`/restore/${encodeURIComponent(id)}?sig=${encodeURIComponent(sig)}`}>
            Open the conversion instead
          </Link>
        </Button>
      </div>
    </CardPage>
  );
}

/** A link that did not work, in words, with a retry when trying again can help. */
function Failure({
  failure,
  retry,
  pending,
}: {
  failure: { title: string; message: string; retry: boolean };
  retry: () => void;
  pending: boolean;
}) {
  return (
    <>
      <div className="flex items-center gap-3">
        <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-danger" />
        <h1 className="text-2xl font-bold tracking-tight">{failure.title}</h1>
      </div>
      <p className="text-muted-foreground">{failure.message}</p>
      <div className="flex flex-wrap gap-3">
        {failure.retry ? (
          <Button size="lg" onClick={retry} disabled={pending}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        ) : null}
        <ToConverter variant={failure.retry ? 'outline' : 'default'} />
      </div>
    </>
  );
}

/** The way back to the converter, where the paid file is. */
function ToConverter({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <Link href="/">
        <ArrowLeft aria-hidden="true" />
        Go to the converter
      </Link>
    </Button>
  );
}
