import {
  allowedValues,
  type OpenApiDocument,
  rangeLabel,
  resolve,
  type Schema,
  typeLabel,
} from '../../lib/openapi';
import { Inline } from './markdown';
import { SchemaLink } from './schema-link';

/** A parameter, a body field or a schema's property, as the reference lists it. */
export interface Field {
  name: string;
  schema: Schema | undefined;
  required: boolean;
  description?: string;
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const valueClass = 'rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground';

/** Each field: its name, type and whether it is required; what it means; its default and values. */
export function FieldList({ document, fields }: { document: OpenApiDocument; fields: Field[] }) {
  return (
    <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
      {fields.map((field) => {
        const schema = field.schema ? resolve(document, field.schema) : undefined;
        const description = field.description ?? schema?.description;
        const values = allowedValues(document, field.schema);
        const range = rangeLabel(document, field.schema);
        return (
          <div key={field.name} className="flex flex-col gap-1.5 px-4 py-3.5">
            <dt className="flex flex-wrap items-baseline gap-x-2.5 gap-y-1">
              <code className="font-mono text-sm font-semibold break-all text-foreground">{field.name}</code>
              <span className="font-mono text-xs text-muted-foreground">
                <SchemaLink
                  document={document}
                  schema={field.schema}
                  label={typeLabel(document, field.schema)}
                />
              </span>
              {field.required ? (
                <span className="text-xs font-semibold text-danger">required</span>
              ) : (
                <span className="text-xs text-muted-foreground">optional</span>
              )}
            </dt>
            {description ? (
              <dd className="text-sm leading-relaxed text-muted-foreground">
                <Inline text={description} />
              </dd>
            ) : null}
            {schema?.default !== undefined || values.length > 0 || range ? (
              <dd className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted-foreground">
                {schema?.default !== undefined ? (
                  <span>
                    Default <code className={valueClass}>{show(schema.default)}</code>
                  </span>
                ) : null}
                {values.length > 0 ? (
                  <span className="flex flex-wrap items-center gap-1">
                    {range ? 'Values' : 'One of'}
                    {values.map((value) => (
                      <code key={show(value)} className={valueClass}>
                        {show(value)}
                      </code>
                    ))}
                    {range ? <span>or {range}</span> : null}
                  </span>
                ) : range ? (
                  <span>{range.charAt(0).toUpperCase() + range.slice(1)}</span>
                ) : null}
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}
