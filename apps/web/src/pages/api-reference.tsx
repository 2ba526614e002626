import { useQuery } from '@tanstack/react-query';
import { apiPaths, pageMeta } from '@vectrace/contract';
import { AlertTriangle, ChevronDown, FileJson } from 'lucide-react';
import { useEffect } from 'react';
import { AtAGlance } from '../components/api-reference/at-a-glance';
import { EndpointReference } from '../components/api-reference/endpoint';
import { Markdown } from '../components/api-reference/markdown';
import { ReferenceNav } from '../components/api-reference/reference-nav';
import { Schemas } from '../components/api-reference/schemas';
import { PagesHeader } from '../components/layout/pages-header';
import { SiteFooter } from '../components/layout/site-footer';
import { mainContentId } from '../components/layout/skip-link';
import { Callout } from '../components/static/content';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { usePageMeta } from '../hooks/use-page-meta';
import { ApiError } from '../lib/api';
import { descriptionSections, endpointsByTag, type OpenApiDocument } from '../lib/openapi';
import { queryKeys } from '../lib/query-keys';

/** The developer API's reference, drawn from the server's OpenAPI document. */
export function ApiReferencePage() {
  usePageMeta(pageMeta['/api/docs'].title, pageMeta['/api/docs'].description);
  // Where the server describes its API: the page draws from it, so it always matches the server.
  const reference = useQuery<OpenApiDocument>({ queryKey: queryKeys.openApiDocument });
  const document = reference.data;

  // A link to an endpoint (/api/docs#vectorize) lands on it once the reference has drawn it and
  // the browser has laid it out.
  useEffect(() => {
    if (!document || !window.location.hash) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const frame = requestAnimationFrame(() => window.document.getElementById(id)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [document]);

  return (
    <div className="flex min-h-screen flex-col">
      <PagesHeader className="max-w-7xl" />
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 sm:px-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12">
        <aside className="hidden lg:block">
          {document ? (
            <div className="sticky top-0 max-h-screen overflow-y-auto py-12 pr-2">
              <ReferenceNav document={document} label="API reference" />
            </div>
          ) : null}
        </aside>
        <main id={mainContentId} className="min-w-0 py-10 sm:py-12">
          <header className="flex max-w-3xl flex-col gap-4">
            <p className="text-sm font-semibold text-primary">Developers</p>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">API Reference</h1>
            <p className="text-lg text-pretty text-muted-foreground">
              Vectorize PNG, JPEG, WebP, GIF, BMP and TIFF images from your own code: every endpoint,
              parameter and answer of the Vectrace API, with a curl example to copy for each.
            </p>
            {document ? <DocumentFacts document={document} /> : null}
          </header>
          {document ? (
            <Reference document={document} />
          ) : reference.isError ? (
            <LoadFailed
              error={reference.error}
              retry={() => reference.refetch()}
              retrying={reference.isFetching}
            />
          ) : (
            <div role="status" className="mt-12 flex items-center gap-3 text-muted-foreground">
              <Spinner className="size-5 text-primary" />
              Loading the API reference…
            </div>
          )}
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}

/** The version, the address every call goes to, and the document itself. */
function DocumentFacts({ document }: { document: OpenApiDocument }) {
  const base = document.servers?.[0]?.url ?? window.location.origin;
  return (
    <dl className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
      <div className="flex items-center gap-2">
        <dt className="text-muted-foreground">Base URL</dt>
        <dd>
          <code className="rounded-md border border-border bg-surface px-2 py-0.5 font-mono text-xs break-all">
            {base}
          </code>
        </dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="text-muted-foreground">Version</dt>
        <dd className="font-medium">{document.info.version}</dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="sr-only">Document</dt>
        <dd>
          <a
            href={apiPaths.openApiDocument}
            className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary focus-visible:outline-2 focus-visible:outline-ring"
          >
            <FileJson aria-hidden="true" className="size-4" />
            OpenAPI {document.openapi.split('.').slice(0, 2).join('.')} document
          </a>
        </dd>
      </div>
    </dl>
  );
}

function Reference({ document }: { document: OpenApiDocument }) {
  const origin = document.servers?.[0]?.url ?? window.location.origin;
  const { sections } = descriptionSections(document);
  return (
    <div className="mt-10 flex flex-col gap-14">
      <details className="group rounded-xl border border-border bg-surface lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between rounded-xl px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
          Contents
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="border-t border-border p-2">
          <ReferenceNav document={document} label="API reference contents" />
        </div>
      </details>
      <AtAGlance document={document} />
      {sections.map((section) => (
        <section
          key={section.anchor}
          id={section.anchor}
          aria-labelledby={`${section.anchor}-title`}
          className="flex max-w-3xl scroll-mt-6 flex-col gap-4"
        >
          <h2 id={`${section.anchor}-title`} className="text-2xl font-semibold tracking-tight">
            {section.title}
          </h2>
          <Markdown text={section.body} codeLabel="curl" />
        </section>
      ))}
      {endpointsByTag(document).map((group) => (
        <section
          key={group.name}
          id={group.anchor}
          aria-labelledby={`${group.anchor}-title`}
          className="flex scroll-mt-6 flex-col gap-12 border-t border-border pt-12"
        >
          <div className="flex flex-col gap-2">
            <h2 id={`${group.anchor}-title`} className="text-2xl font-semibold tracking-tight">
              {group.name}
            </h2>
            {group.description ? <p className="text-muted-foreground">{group.description}</p> : null}
          </div>
          {group.endpoints.map((endpoint) => (
            <EndpointReference
              key={endpoint.anchor}
              document={document}
              endpoint={endpoint}
              origin={origin}
            />
          ))}
        </section>
      ))}
      <div className="border-t border-border pt-12">
        <Schemas document={document} />
      </div>
    </div>
  );
}

function LoadFailed({ error, retry, retrying }: { error: Error; retry: () => void; retrying: boolean }) {
  const said = error instanceof ApiError && error.message ? ` The server said: “${error.message}”` : '';
  return (
    <div role="alert" className="mt-12 max-w-3xl">
      <Callout icon={AlertTriangle} tone="warning" title="The API reference could not be loaded">
        <p>
          The page reads the API’s description from the server, and it did not arrive.{said} Check your
          connection and try again; the document itself is at{' '}
          <a className="font-mono underline underline-offset-2" href={apiPaths.openApiDocument}>
            {apiPaths.openApiDocument}
          </a>
          .
        </p>
        <Button className="mt-3" size="sm" variant="outline" onClick={retry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      </Callout>
    </div>
  );
}
