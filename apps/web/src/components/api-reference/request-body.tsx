import {
  fieldsOf,
  isFile,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  resolve,
} from '../../lib/openapi';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { CodeBlock } from './code-block';
import { FieldList } from './field-list';
import { Inline } from './markdown';
import { SubHeading } from './sub-heading';

/** What an operation takes as its body: one tab per media type, each with its fields. */
export function RequestBody({
  document,
  operation,
  anchor,
}: {
  document: OpenApiDocument;
  operation: Operation;
  anchor: string;
}) {
  if (!operation.requestBody) return null;
  const body = resolve(document, operation.requestBody);
  const types = Object.entries(body.content ?? {});
  if (types.length === 0) return null;
  const queryNames = new Set(
    (operation.parameters ?? [])
      .map((p) => resolve(document, p))
      .filter((p) => p.in === 'query')
      .map((p) => p.name),
  );
  const media = (type: string, content: MediaType) => (
    <MediaBody document={document} type={type} content={content} queryNames={queryNames} />
  );
  return (
    <section aria-labelledby={`${anchor}-body`} className="flex flex-col gap-3">
      <SubHeading id={`${anchor}-body`}>
        Request body
        {body.required ? <span className="ml-2 text-xs font-semibold text-danger">required</span> : null}
      </SubHeading>
      {body.description ? (
        <p className="text-sm text-muted-foreground">
          <Inline text={body.description} />
        </p>
      ) : null}
      {types.length === 1 && types[0] ? (
        <>
          <p className="font-mono text-xs text-muted-foreground">{types[0][0]}</p>
          {media(types[0][0], types[0][1])}
        </>
      ) : (
        <Tabs defaultValue={types[0]?.[0]} className="flex flex-col gap-3">
          <TabsList aria-label="Media types" className="h-auto flex-wrap justify-start self-start">
            {types.map(([type]) => (
              <TabsTrigger key={type} value={type} className="flex-none font-mono text-xs">
                {type}
              </TabsTrigger>
            ))}
          </TabsList>
          {types.map(([type, content]) => (
            <TabsContent
              key={type}
              value={type}
              className="focus-visible:outline-2 focus-visible:outline-ring"
            >
              {media(type, content)}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </section>
  );
}

/** One media type's body: a file's bytes, or fields (those the query also takes named once). */
function MediaBody({
  document,
  type,
  content,
  queryNames,
}: {
  document: OpenApiDocument;
  type: string;
  content: MediaType;
  queryNames: Set<string>;
}) {
  if (isFile(document, content.schema)) {
    return (
      <p className="text-sm leading-relaxed text-muted-foreground">
        The file’s bytes are the whole body, sent with <code className="font-mono">Content-Type: {type}</code>
        .{queryNames.size > 0 ? ' Options go in the query string.' : ''}
      </p>
    );
  }
  const fields = fieldsOf(document, content.schema);
  const own = fields.filter((field) => !queryNames.has(field.name));
  const shared = fields.filter((field) => queryNames.has(field.name));
  return (
    <div className="flex flex-col gap-3">
      {own.length > 0 ? <FieldList document={document} fields={own} /> : null}
      {shared.length > 0 ? (
        <p className="text-sm leading-relaxed text-muted-foreground">
          {own.length > 0 ? 'Also the fields ' : 'The fields '}
          {shared.map((field, index) => (
            <span key={field.name}>
              {index > 0 ? ', ' : ''}
              <code className="font-mono text-xs text-foreground">{field.name}</code>
            </span>
          ))}
          , as the query parameters above describe them.
        </p>
      ) : null}
      {content.example !== undefined ? (
        <CodeBlock code={JSON.stringify(content.example, null, 2)} label={`Example ${type} body`} />
      ) : null}
    </div>
  );
}
