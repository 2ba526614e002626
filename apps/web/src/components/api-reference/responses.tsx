import { cn } from '../../lib/cn';
import { type OpenApiDocument, type Operation, resolve, typeLabel } from '../../lib/openapi';
import { Inline } from './markdown';
import { SchemaLink } from './schema-link';
import { SubHeading } from './sub-heading';

const statusTone = (status: string) =>
  status.startsWith('2')
    ? 'bg-success-soft text-success'
    : status.startsWith('5')
      ? 'bg-red-50 text-danger'
      : status.startsWith('4')
        ? 'bg-warning-soft text-amber-800'
        : 'bg-muted text-muted-foreground';

/** Every answer an operation can give, by status: what it means, its media types and headers. */
export function Responses({
  document,
  operation,
  anchor,
}: {
  document: OpenApiDocument;
  operation: Operation;
  anchor: string;
}) {
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length === 0) return null;
  return (
    <section aria-labelledby={`${anchor}-responses`} className="flex flex-col gap-3">
      <SubHeading id={`${anchor}-responses`}>Responses</SubHeading>
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
        {responses.map(([status, reference]) => {
          const response = resolve(document, reference);
          const headers = Object.entries(response.headers ?? {}).map(
            ([name, header]) => [name, resolve(document, header)] as const,
          );
          return (
            <li key={status} className="flex gap-3 px-4 py-3 sm:gap-4">
              <span
                className={cn(
                  'h-fit w-12 shrink-0 rounded-md px-2 py-0.5 text-center font-mono text-xs font-semibold',
                  statusTone(status),
                )}
              >
                {status}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm">
                <p className="leading-relaxed">
                  <Inline text={response.description ?? ''} />
                </p>
                {response.content ? (
                  <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    {Object.entries(response.content).map(([type, media]) => (
                      <span key={type} className="font-mono">
                        {type}
                        {media.schema && !['string', 'file'].includes(typeLabel(document, media.schema)) ? (
                          <>
                            {' · '}
                            <SchemaLink
                              document={document}
                              schema={media.schema}
                              label={typeLabel(document, media.schema)}
                            />
                          </>
                        ) : null}
                      </span>
                    ))}
                  </p>
                ) : null}
                {headers.length > 0 ? (
                  <dl className="flex flex-col gap-1.5 text-xs sm:grid sm:grid-cols-[auto_1fr] sm:gap-x-3 sm:gap-y-1">
                    {headers.map(([name, header]) => (
                      <div key={name} className="sm:contents">
                        <dt className="font-mono font-medium text-foreground">{name}</dt>
                        <dd className="text-muted-foreground">
                          <Inline text={header.description ?? typeLabel(document, header.schema)} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
