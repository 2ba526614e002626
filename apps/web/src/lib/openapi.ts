/**
 * The parts of an OpenAPI 3.1 document the API reference page reads, and the questions it asks of
 * it. The server's /api/v1/openapi.json is the one source: the page draws whatever it says.
 */

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  description?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema | undefined>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  contentMediaType?: string;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  encoding?: Record<string, { contentType?: string }>;
}

export interface Header {
  $ref?: string;
  description?: string;
  schema?: Schema;
}

export interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, Header>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: {
    $ref?: string;
    description?: string;
    required?: boolean;
    content?: Record<string, MediaType>;
  };
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
}

export interface SecurityScheme {
  type: string;
  scheme?: string;
  name?: string;
  in?: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation | undefined>>;
  components?: {
    schemas?: Record<string, Schema>;
    securitySchemes?: Record<string, SecurityScheme>;
    [section: string]: Record<string, unknown> | undefined;
  };
  security?: Record<string, string[]>[];
}

/** One operation of the document, with where it lives and the anchor it is found at. */
export interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
  anchor: string;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A node, or what its local `$ref` ("#/components/headers/RateLimitLimit") points at. */
export function resolve<T extends { $ref?: string }>(document: OpenApiDocument, node: T): T {
  let current: T = node;
  for (let hops = 0; current.$ref?.startsWith('#/') && hops < 10; hops++) {
    let target: unknown = document;
    for (const part of current.$ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[
        part.replace(/~1/g, '/').replace(/~0/g, '~')
      ];
    }
    if (!target) return current;
    current = target as T;
  }
  return current;
}

/** The name a `$ref` to a component schema gives ("Job"), or undefined. */
export function refName(schema: Schema | undefined): string | undefined {
  return schema?.$ref?.startsWith('#/components/schemas/') ? schema.$ref.split('/').pop() : undefined;
}

const kebab = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** The anchor of a tag's section or of a schema: "Vectorize" is #vectorize-endpoints. */
export const tagAnchor = (name: string) => `${kebab(name)}-endpoints`;
export const schemaAnchor = (name: string) => `schema-${kebab(name)}`;

/** The document's operations grouped by its tags, in the document's order; untagged ones last. */
export function endpointsByTag(document: OpenApiDocument) {
  const tags = [...(document.tags ?? [])];
  const groups = new Map<string, Endpoint[]>(tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const endpoint = {
        method: method.toUpperCase(),
        path,
        operation,
        anchor: kebab(operation.operationId ?? `${method} ${path}`),
      };
      const name = operation.tags?.[0] ?? 'Other';
      if (!groups.has(name)) {
        groups.set(name, []);
        tags.push({ name });
      }
      groups.get(name)?.push(endpoint);
    }
  }
  return tags
    .map((tag) => ({ ...tag, anchor: tagAnchor(tag.name), endpoints: groups.get(tag.name) ?? [] }))
    .filter((group) => group.endpoints.length > 0);
}

/** A schema's type in a few words: "integer", "string (uuid)", "file", "array of Job", "string or integer". */
export function typeLabel(document: OpenApiDocument, schema: Schema | undefined): string {
  if (!schema) return 'any';
  const name = refName(schema);
  if (name) return name;
  const resolved = resolve(document, schema);
  const branches = resolved.anyOf ?? resolved.oneOf;
  if (branches) return [...new Set(branches.map((branch) => typeLabel(document, branch)))].join(' or ');
  if (resolved.format === 'binary' || resolved.contentMediaType === 'application/octet-stream') return 'file';
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
  const named = types.filter((t) => t !== 'null').join(' or ');
  const type = named || (types.includes('null') ? 'null' : resolved.properties ? 'object' : 'any');
  if (type === 'array') return `array of ${typeLabel(document, resolved.items)}`;
  const nullable = named && types.includes('null') ? ' or null' : '';
  return resolved.format && type === 'string'
    ? `string (${resolved.format})${nullable}`
    : `${type}${nullable}`;
}

/** The values a schema allows by name: its enum and consts, its branches' included. */
export function allowedValues(document: OpenApiDocument, schema: Schema | undefined): unknown[] {
  if (!schema) return [];
  const resolved = resolve(document, schema);
  const own = [...(resolved.enum ?? []), ...('const' in resolved ? [resolved.const] : [])];
  return [...own, ...(resolved.anyOf ?? resolved.oneOf ?? []).flatMap((b) => allowedValues(document, b))];
}

/** A number's bounds in words: "2 to 32", "more than 0", "at most 100"; or undefined. */
export function rangeLabel(document: OpenApiDocument, schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  const resolved = resolve(document, schema);
  for (const branch of resolved.anyOf ?? resolved.oneOf ?? []) {
    const range = rangeLabel(document, branch);
    if (range) return range;
  }
  // The bounds of any safe integer say nothing a person needs.
  const bound = (n: number | undefined) =>
    n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined;
  const [min, max] = [bound(resolved.minimum), bound(resolved.maximum)];
  const [above, below] = [bound(resolved.exclusiveMinimum), bound(resolved.exclusiveMaximum)];
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  const parts = [
    min !== undefined ? `at least ${min}` : above !== undefined ? `more than ${above}` : '',
    max !== undefined ? `at most ${max}` : below !== undefined ? `less than ${below}` : '',
  ];
  return parts.filter(Boolean).join(', ') || undefined;
}

/** An object schema's fields, required ones first. */
export function fieldsOf(document: OpenApiDocument, schema: Schema | undefined) {
  const resolved = schema ? resolve(document, schema) : undefined;
  const required = new Set(resolved?.required ?? []);
  return Object.entries(resolved?.properties ?? {})
    .filter((entry): entry is [string, Schema] => entry[1] !== undefined)
    .map(([name, field]) => ({ name, schema: field, required: required.has(name) }))
    .sort((a, b) => Number(b.required) - Number(a.required));
}

/** Whether the schema is a file's bytes rather than a value. */
export function isFile(document: OpenApiDocument, schema: Schema | undefined): boolean {
  return typeLabel(document, schema) === 'file';
}

/** The document's description cut at its `## ` headings: the opening text, then titled sections. */
export function descriptionSections(document: OpenApiDocument) {
  const [lead = '', ...rest] = (document.info.description ?? '').split(/^## +/m);
  return {
    lead: lead.trim(),
    sections: rest.map((chunk) => {
      const [title = '', ...body] = chunk.split('\n');
      return { title: title.trim(), anchor: kebab(title), body: body.join('\n').trim() };
    }),
  };
}
