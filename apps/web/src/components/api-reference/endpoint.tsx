import { type CurlExample, curlExample } from '../../lib/curl-example';
import { type Endpoint, type OpenApiDocument, type Parameter, resolve } from '../../lib/openapi';
import { CodeBlock } from './code-block';
import { FieldList } from './field-list';
import { Inline, Markdown } from './markdown';
import { MethodBadge } from './method-badge';
import { RequestBody } from './request-body';
import { Responses } from './responses';
import { SubHeading } from './sub-heading';

const locations = [
  { in: 'path', title: 'Path parameters' },
  { in: 'query', title: 'Query parameters' },
  { in: 'header', title: 'Header parameters' },
  { in: 'cookie', title: 'Cookie parameters' },
] as const;

/** One operation: what it does, a curl example to copy, its parameters, its body, its answers. */
export function EndpointReference({
  document,
  endpoint,
  origin,
}: {
  document: OpenApiDocument;
  endpoint: Endpoint;
  origin: string;
}) {
  const { operation, anchor } = endpoint;
  const title = operation.summary ?? `${endpoint.method} ${endpoint.path}`;
  const parameters = (operation.parameters ?? []).map((p) => resolve<Parameter>(document, p));
  const example = curlExample(document, endpoint, origin);
  return (
    <article id={anchor} aria-labelledby={`${anchor}-title`} className="flex scroll-mt-6 flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h3 id={`${anchor}-title`} className="text-xl font-semibold tracking-tight">
          <a
            href={`#${anchor}`}
            className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {title}
          </a>
        </h3>
        <p className="flex min-w-0 items-center gap-2.5 font-mono text-sm">
          <MethodBadge method={endpoint.method} /> <span className="break-all">{endpoint.path}</span>
        </p>
        {operation.deprecated ? <p className="text-sm font-semibold text-danger">Deprecated</p> : null}
      </header>
      {operation.description ? (
        <div className="max-w-3xl text-muted-foreground">
          <Markdown text={operation.description} />
        </div>
      ) : null}
      <Example example={example} title={title} />
      {locations.map((location) => {
        const fields = parameters.filter((p) => p.in === location.in);
        if (fields.length === 0) return null;
        const id = `${anchor}-${location.in}`;
        return (
          <section key={location.in} aria-labelledby={id} className="flex flex-col gap-3">
            <SubHeading id={id}>{location.title}</SubHeading>
            <FieldList
              document={document}
              fields={fields.map((p) => ({
                name: p.name,
                schema: p.schema,
                required: p.required === true,
                description: p.description,
              }))}
            />
          </section>
        );
      })}
      <RequestBody document={document} operation={operation} anchor={anchor} />
      <Responses document={document} operation={operation} anchor={anchor} />
    </article>
  );
}

function Example({ example, title }: { example: CurlExample; title: string }) {
  return (
    <div className="flex flex-col gap-2">
      <CodeBlock code={example.command} label="curl" copyName={`Copy the curl example: ${title}`} />
      {example.variables.map((variable) => (
        <p key={variable.name} className="text-sm text-muted-foreground">
          Set <code className="font-mono text-foreground">{variable.name}</code> to {variable.subject} first
          {variable.description ? (
            <>
              : <Inline text={variable.description} />
            </>
          ) : (
            '.'
          )}
        </p>
      ))}
    </div>
  );
}
