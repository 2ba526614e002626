import {
  allowedValues,
  type Endpoint,
  fieldsOf,
  isFile,
  type OpenApiDocument,
  type Parameter,
  resolve,
  type Schema,
} from './openapi';

/** The image every example sends, and the name its result is saved under. */
const image = 'logo.png';
const saved = 'logo';
/** Where the examples read the key from, as the home page's example does. */
export const keyVariable = 'VECTRACE_API_KEY';

/** A shell variable the example uses, with what to set it to. */
export interface ExampleVariable {
  name: string;
  /** What it holds, in a few words: "the job’s id". */
  subject: string;
  description?: string;
}

export interface CurlExample {
  command: string;
  variables: ExampleVariable[];
}

// A word the shell leaves alone stays bare; anything else is single-quoted.
const shellWord = (value: string) =>
  /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;

/** A required option's value: its example, its default, or the first value it allows. */
function sampleValue(document: OpenApiDocument, schema: Schema | undefined, example?: unknown): string {
  const resolved = schema ? resolve(document, schema) : {};
  const value = example ?? resolved.example ?? resolved.default ?? allowedValues(document, resolved)[0];
  if (value === undefined) return 'VALUE';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `/api/v1/jobs/{id}` names its id $JOB_ID, "the job’s id": the segment before it, in the singular. */
function variableFor(path: string, name: string): Omit<ExampleVariable, 'description'> {
  const before = path.split(`{${name}}`)[0]?.split('/').filter(Boolean).pop() ?? '';
  const owner = before.replace(/s$/, '').replace(/[^A-Za-z0-9]+/g, '_');
  const variable = [owner, name]
    .filter(Boolean)
    .join('_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase();
  return { name: variable, subject: owner ? `the ${owner.replace(/_/g, ' ')}’s ${name}` : `the ${name}` };
}

// `mode=test` is free with any key and marks the result: the examples run for everyone.
const isTestable = (document: OpenApiDocument, name: string, schema: Schema | undefined) =>
  name === 'mode' && allowedValues(document, schema).includes('test');

const extensions: Record<string, string> = {
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'application/postscript': 'eps',
  'image/vnd.dxf': 'dxf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/**
 * A curl command for an operation, every option once: the key from $VECTRACE_API_KEY, the
 * required parameters with sample values, the image as a file, test mode where the operation has
 * one, and a file answer saved with -o. `--fail-with-body` makes an error exit non-zero and print
 * its JSON rather than save it as the file.
 */
export function curlExample(document: OpenApiDocument, endpoint: Endpoint, origin: string): CurlExample {
  const { operation } = endpoint;
  const parameters = (operation.parameters ?? []).map((p) => resolve<Parameter>(document, p));
  const body = operation.requestBody ? resolve(document, operation.requestBody).content : undefined;
  const form = body?.['multipart/form-data'];
  const json = body?.['application/json'];
  const rawType = Object.keys(body ?? {}).find((type) => /^(image|application\/octet-stream)/.test(type));
  const formFields = form ? fieldsOf(document, form.schema) : [];
  const options: string[] = [];
  const variables: ExampleVariable[] = [];
  const chosen = new Map<string, string>();

  let path = endpoint.path;
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    const variable = variableFor(endpoint.path, parameter.name);
    path = path.replace(`{${parameter.name}}`, `$${variable.name}`);
    variables.push({ ...variable, description: parameter.description });
  }
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    if (formFields.some((field) => field.name === parameter.name)) continue; // sent in the form instead
    if (parameter.required || isTestable(document, parameter.name, parameter.schema)) {
      const value = isTestable(document, parameter.name, parameter.schema)
        ? 'test'
        : sampleValue(document, parameter.schema, parameter.example);
      query.set(parameter.name, value);
      chosen.set(parameter.name, value);
    }
  }
  const search = query.toString() ? `?${query}` : '';
  const url = `${origin.replace(/\/$/, '')}${path}${search}`;

  const security = operation.security ?? document.security ?? [];
  const schemes = document.components?.securitySchemes ?? {};
  if (security.some((requirement) => Object.keys(requirement).some((n) => schemes[n]?.scheme === 'bearer'))) {
    options.push(`-H "Authorization: Bearer $${keyVariable}"`);
  }
  for (const parameter of parameters.filter((p) => p.in === 'header' && p.required)) {
    options.push(
      `-H ${shellWord(`${parameter.name}: ${sampleValue(document, parameter.schema, parameter.example)}`)}`,
    );
  }

  if (form) {
    for (const field of formFields) {
      if (isFile(document, field.schema)) options.push(`-F ${field.name}=@${image}`);
      else if (field.required || isTestable(document, field.name, field.schema)) {
        const value = isTestable(document, field.name, field.schema)
          ? 'test'
          : sampleValue(document, field.schema);
        options.push(`-F ${shellWord(`${field.name}=${value}`)}`);
        chosen.set(field.name, value);
      }
    }
  } else if (json) {
    const sample =
      json.example ??
      Object.fromEntries(
        fieldsOf(document, json.schema)
          .filter((field) => field.required)
          .map((field) => [field.name, sampleValue(document, field.schema)]),
      );
    options.push('-H "Content-Type: application/json"', `-d ${shellWord(JSON.stringify(sample))}`);
  } else if (rawType) {
    options.push(`-H "Content-Type: ${rawType}"`, `--data-binary @${image}`);
  }

  const sendsBody = options.some((option) => /^(-F|-d|--data-binary) /.test(option));
  const method =
    endpoint.method === 'GET' || (endpoint.method === 'POST' && sendsBody) ? '' : ` -X ${endpoint.method}`;

  const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status));
  const answer = success ? resolve(document, success[1]) : undefined;
  const fileTypes = Object.keys(answer?.content ?? {}).filter((type) => !type.includes('json'));
  if (fileTypes.length > 0) {
    const format = chosen.get('format') ?? defaultFormat(document, parameters, formFields);
    options.push(`-o ${saved}.${format ?? extensions[fileTypes[0] ?? ''] ?? 'out'}`);
  }

  const address = /[$?&]/.test(url) ? `"${url}"` : url;
  const command = [`curl --fail-with-body${method} ${address}`, ...options.map((o) => `  ${o}`)].join(
    ' \\\n',
  );
  return { command, variables };
}

/** The file format an operation answers in when not asked: its `format` option's default. */
function defaultFormat(
  document: OpenApiDocument,
  parameters: Parameter[],
  fields: { name: string; schema: Schema }[],
): string | undefined {
  const schema =
    parameters.find((p) => p.name === 'format')?.schema ?? fields.find((f) => f.name === 'format')?.schema;
  const value = schema ? resolve(document, schema).default : undefined;
  return typeof value === 'string' ? value : undefined;
}
