import type { LucideIcon } from 'lucide-react';
import { AlertCircle, FlaskConical, Gauge, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { endpointsByTag, type OpenApiDocument, type Parameter, resolve } from '../../lib/openapi';
import { TextLink } from '../static/content';
import { Inline } from './markdown';

/** What every call shares, each read from the document: the key, test mode, errors and limits. */
export function AtAGlance({ document }: { document: OpenApiDocument }) {
  const scheme = Object.values(document.components?.securitySchemes ?? {})[0];
  const header =
    scheme?.type === 'http' && scheme.scheme === 'bearer'
      ? 'Authorization: Bearer <key>'
      : scheme?.type === 'apiKey' && scheme.in === 'header'
        ? `${scheme.name}: <key>`
        : undefined;
  const mode = allParameters(document).find((p) => p.name === 'mode');
  const error = document.components?.schemas?.Error;
  const errorExample = error?.examples?.[0] ?? { code: '…', message: '…' };
  const limits = limitHeaders(document);
  return (
    <section id="at-a-glance" aria-labelledby="at-a-glance-title" className="flex scroll-mt-6 flex-col gap-4">
      <h2 id="at-a-glance-title" className="sr-only">
        At a glance
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {header ? (
          <Fact icon={KeyRound} title="Authentication">
            <p>Every call carries an API key:</p>
            <Snippet>{header}</Snippet>
            <p>
              Create keys on your <TextLink href="/account">account page</TextLink>, under API keys. A new key
              is shown once: keep it in an environment variable such as{' '}
              <code className="font-mono text-[0.875em] text-foreground">VECTRACE_API_KEY</code>.
            </p>
          </Fact>
        ) : null}
        {mode?.description ? (
          <Fact icon={FlaskConical} title="Test mode is free">
            <p>
              <Inline text={mode.description} />
            </p>
            <p>
              The examples on this page send{' '}
              <code className="font-mono text-[0.875em] text-foreground">mode=test</code>, so they work with
              any account. Live results come with <TextLink href="/checkout?plan=pro">Pro</TextLink>.
            </p>
          </Fact>
        ) : null}
        {error ? (
          <Fact icon={AlertCircle} title="Errors">
            <p>
              Every error answers JSON: a stable{' '}
              <code className="font-mono text-[0.875em] text-foreground">code</code> to branch on and a{' '}
              <code className="font-mono text-[0.875em] text-foreground">message</code> to show.
            </p>
            <Snippet>{JSON.stringify(errorExample, null, 2)}</Snippet>
          </Fact>
        ) : null}
        {limits.length > 0 ? (
          <Fact icon={Gauge} title="Limits">
            <p>Each key has its own limits per minute, reported on every answer:</p>
            <dl className="flex flex-col gap-1.5">
              {limits.map(([name, description]) => (
                <div key={name}>
                  <dt className="inline font-mono text-xs font-semibold text-foreground">{name}</dt>{' '}
                  <dd className="inline">
                    <Inline text={description} />
                  </dd>
                </div>
              ))}
            </dl>
          </Fact>
        ) : null}
      </div>
    </section>
  );
}

function Fact({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-xs">
      <h3 className="flex items-center gap-2 font-semibold">
        <span className="flex size-7 items-center justify-center rounded-lg bg-primary-soft">
          <Icon aria-hidden="true" className="size-4 text-primary" />
        </span>
        {title}
      </h3>
      <div className="flex flex-col gap-3 text-sm leading-relaxed text-muted-foreground">{children}</div>
    </div>
  );
}

function Snippet({ children }: { children: string }) {
  return (
    <pre className="overflow-x-auto rounded-lg border border-border bg-muted px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-foreground">
      {children}
    </pre>
  );
}

function allParameters(document: OpenApiDocument): Parameter[] {
  return endpointsByTag(document).flatMap((group) =>
    group.endpoints.flatMap((e) =>
      (e.operation.parameters ?? []).map((p) => resolve<Parameter>(document, p)),
    ),
  );
}

/** The RateLimit headers and Retry-After, as the answers name them, with what each says. */
function limitHeaders(document: OpenApiDocument): [string, string][] {
  const found = new Map<string, string>();
  for (const group of endpointsByTag(document)) {
    for (const { operation } of group.endpoints) {
      for (const response of Object.values(operation.responses ?? {})) {
        for (const [name, header] of Object.entries(resolve(document, response).headers ?? {})) {
          if (/^(RateLimit-|Retry-After$)/i.test(name) && !found.has(name)) {
            found.set(name, resolve(document, header).description ?? '');
          }
        }
      }
    }
  }
  return [...found];
}
