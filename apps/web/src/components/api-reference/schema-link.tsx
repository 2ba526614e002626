import { type OpenApiDocument, refName, resolve, type Schema, schemaAnchor } from '../../lib/openapi';

/** A type's name, linked to its schema further down when it is one of the document's schemas. */
export function SchemaLink({
  document,
  schema,
  label,
}: {
  document: OpenApiDocument;
  schema: Schema | undefined;
  label: string;
}) {
  const resolved = schema ? resolve(document, schema) : undefined;
  const name = refName(schema) ?? refName(resolved?.items);
  if (!name || !document.components?.schemas?.[name]) return <>{label}</>;
  return (
    <a
      href={`#${schemaAnchor(name)}`}
      className="rounded-sm text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary focus-visible:outline-2 focus-visible:outline-ring"
    >
      {label}
    </a>
  );
}
