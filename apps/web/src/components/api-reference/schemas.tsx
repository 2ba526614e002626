import { fieldsOf, type OpenApiDocument, schemaAnchor } from '../../lib/openapi';
import { CodeBlock } from './code-block';
import { FieldList } from './field-list';
import { Inline } from './markdown';

/** The objects the answers are made of (Job, Error...): their fields and an example. */
export function Schemas({ document }: { document: OpenApiDocument }) {
  const schemas = Object.entries(document.components?.schemas ?? {});
  if (schemas.length === 0) return null;
  return (
    <section id="schemas" aria-labelledby="schemas-title" className="flex scroll-mt-6 flex-col gap-8">
      <h2 id="schemas-title" className="text-2xl font-semibold tracking-tight">
        Schemas
      </h2>
      {schemas.map(([name, schema]) => {
        const fields = fieldsOf(document, schema);
        const example = schema.examples?.[0] ?? schema.example;
        return (
          <article
            key={name}
            id={schemaAnchor(name)}
            aria-labelledby={`${schemaAnchor(name)}-title`}
            className="flex scroll-mt-6 flex-col gap-3"
          >
            <h3 id={`${schemaAnchor(name)}-title`} className="font-mono text-lg font-semibold">
              {name}
            </h3>
            {schema.description ? (
              <p className="text-muted-foreground">
                <Inline text={schema.description} />
              </p>
            ) : null}
            {fields.length > 0 ? <FieldList document={document} fields={fields} /> : null}
            {example !== undefined ? (
              <CodeBlock code={JSON.stringify(example, null, 2)} label={`Example ${name}`} />
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
