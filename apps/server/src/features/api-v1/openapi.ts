import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { acceptedImageMimeTypes, type apiErrorCodes, MAX_UPLOAD_BYTES } from '@vectrace/contract';
import { imageTypeWords } from '@vectrace/tracer';
import { z } from 'zod';
import { errorSchema } from './schemas.js';
import { vectorizeFormSchema } from './vectorize/schemas.js';

/** Where the document says the API is; each answer of openapi.json puts the real address in. */
export const ORIGIN = 'https://vectrace.example';

const quickStart = `Turn ${imageTypeWords.replace(' or ', ' and ')} images into SVG, EPS, PDF, DXF or PNG from your own code.

## Quick start

1. Sign in, open your [account page](${ORIGIN}/account) and create an API key under **API keys**. It is shown once: keep it in a safe place, such as an environment variable.
2. Send an image:

\`\`\`sh
curl --fail-with-body ${ORIGIN}/api/v1/vectorize \\
  -H "Authorization: Bearer $VECTRACE_API_KEY" \\
  -F image=@logo.png \\
  -F mode=test \\
  -F format=pdf \\
  -o logo.pdf
\`\`\`

The answer is the file itself when the trace ends within \`wait\` seconds (10 by default). Otherwise it is \`202\` with a job: poll \`GET /api/v1/jobs/{id}\` until its status is \`completed\`, then fetch its \`resultUrl\`.

## Test mode

\`mode=test\` tries the API for free with any account: the image is traced at most 256 px on its longer side (the result has the image's size, with less detail than a live one), and the result has diagonal bands cut out of the picture (holes through every shape, in every format), so it shows the trace but is no use as artwork. Live results (the default mode) come with [Pro](${ORIGIN}/checkout?plan=pro). A job's mode is fixed when it is made: a test job has only its marked result, and test mode serves only test jobs (not live jobs, nor conversions made on the site); to get a test job for use, convert the image again with \`mode=live\`.

## The image

As a multipart file field \`image\`; as the whole body (\`--data-binary @logo.png -H "Content-Type: image/png"\`, options in the query string); or as the field \`image.url\` (a public http or https address; up to 3 redirects and 10 seconds) or \`image.base64\`, in a form or a JSON body. Images up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, as ${imageTypeWords} (a GIF's first frame, a TIFF's first page), their type read from their first bytes.

## Limits and errors

Each key has its own limits per minute, reported on every answer in \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; past them the answer is \`429\` with \`Retry-After\`. \`GET /api/v1/account\` tells the plan and what is left. Every error is JSON: \`{ "code": "...", "message": "..." }\`, with a stable \`code\` to branch on and a \`message\` to show.

Conversions are also capped per address, as on the site (keys of a Pro account are not counted). A call refused by a limit or quota keeps nothing of its image. Without Pro, a live call is refused with \`402\` before its image is read when the query string says \`mode=live\`, the image is the whole body, or a form gives \`mode\` before \`image\`; it counts as one of the key's live calls.
`;

const tags = [
  { name: 'Vectorize', description: 'Turn an image into a vector file.' },
  { name: 'Jobs', description: 'Conversions of the account: their status, results and deletion.' },
  { name: 'Account', description: 'The plan of the key’s account and what is left of its limits.' },
];

/** The OpenAPI 3.1 document's frame; the routes of /api/v1 fill in its paths. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vectrace API',
        version: '1.0.0',
        description: quickStart,
        contact: { name: 'Vectrace', url: `${ORIGIN}/contact` },
        license: { name: 'Proprietary', url: `${ORIGIN}/terms` },
      },
      servers: [{ url: ORIGIN, description: 'This server' }],
      tags,
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from your account page.' },
        },
      },
      security: [{ apiKey: [] }],
    },
  };
}

// Each error status: the codes it carries and what it means; the body is always the Error object.
const errorDescriptions: Record<number, [codes: (typeof apiErrorCodes)[number][], meaning: string]> = {
  400: [
    ['invalid_request', 'unsupported_image', 'url_not_allowed'],
    'The request is not valid: `message` says which field and why; or the file is not an image we read, or `image.url` names an address we do not fetch.',
  ],
  401: [['unauthorized', 'invalid_key'], 'No API key, or one that is not valid.'],
  402: [
    ['plan_required', 'payment_required'],
    'Live results need Pro (or a conversion paid on the site): convert with `mode=test` to try the API, or upgrade.',
  ],
  404: [['not_found'], 'No such job in this key’s account.'],
  409: [
    ['not_ready', 'wrong_mode'],
    'Not finished yet: poll the job until it is completed (`not_ready`); or the mode is not the job’s (`wrong_mode`): a test job has only its marked result, and test mode serves only test jobs.',
  ],
  410: [['gone'], 'The job’s files are deleted.'],
  413: [
    ['image_too_large'],
    `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB (a raw body is refused from its Content-Length, before it is read).`,
  ],
  415: [['unsupported_media_type'], `The body is not a form, JSON, or an image (${imageTypeWords}).`],
  422: [
    ['conversion_failed', 'url_unreachable', 'idempotency_key_reused', 'result_too_large'],
    'The conversion failed, the image.url could not be read, an Idempotency-Key was reused with another request, or the result is too large for the asked format.',
  ],
  429: [['rate_limited'], 'Past a limit: try again after `Retry-After` seconds.'],
  500: [['server_error'], 'Something went wrong on our side: try again.'],
  503: [
    ['unavailable'],
    'The service is restarting or busy, or its file storage is unavailable: try again shortly.',
  ],
};

/** The error answers a route can give, each with its codes and meaning. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => {
      const [codes, meaning] = errorDescriptions[status] ?? [[], 'An error.'];
      const named = codes.map((code) => `\`${code}\``).join(', ');
      return [status, errorSchema.describe(named ? `${named}: ${meaning}` : meaning)];
    }),
  );
}

const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
const text = z.string();
const bytes = z.string().meta({ contentMediaType: 'application/octet-stream' });
/** The result file: its media type is the asked format's. */
export const resultResponse = {
  description: 'The result in the asked format; Content-Disposition names the file.',
  content: {
    'image/svg+xml': { schema: text },
    'application/pdf': { schema: bytes },
    'application/postscript': { schema: text },
    'image/vnd.dxf': { schema: text },
    'image/png': { schema: bytes },
  },
};

const header = (description: string, type: 'integer' | 'string' = 'integer') => ({
  description,
  schema: { type },
});
const headers = {
  RateLimitLimit: header('Calls of this kind the key may make a minute.'),
  RateLimitRemaining: header('Calls of this kind left in this minute.'),
  RateLimitReset: header('Seconds until the minute starts again.'),
  RetryAfter: header('Seconds to wait before trying again.'),
  Location: header('The job to poll, with the asked output options.', 'string'),
  ContentDisposition: header(
    'attachment, with the file name: the image’s name, the width when one was asked, and the format (logo.svg, logo-100mm.pdf).',
    'string',
  ),
  JobId: header('The id of the job that made the result.', 'string'),
  WwwAuthenticate: header('Bearer: how to authenticate.', 'string'),
};
const ref = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });
const rateLimited = {
  'RateLimit-Limit': ref('RateLimitLimit'),
  'RateLimit-Remaining': ref('RateLimitRemaining'),
  'RateLimit-Reset': ref('RateLimitReset'),
};
// The headers an answer carries, by status.
const headersByStatus: Record<string, Record<string, object>> = {
  200: rateLimited,
  202: { ...rateLimited, Location: ref('Location') },
  401: { 'WWW-Authenticate': ref('WwwAuthenticate') },
  409: { 'Retry-After': ref('RetryAfter') },
  429: { ...rateLimited, 'Retry-After': ref('RetryAfter') },
  503: { 'Retry-After': ref('RetryAfter') },
};

// The image arrives as a form, a JSON object or the whole body, read by the route itself rather
// than by a body schema (which would have Fastify parse it first): the request body is described
// here, from the same zod schema that checks the form's fields.
const form = z.toJSONSchema(vectorizeFormSchema, { io: 'input' });
const requestBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: form,
      encoding: { image: { contentType: acceptedImageMimeTypes.join(', ') } },
    },
    'application/json': {
      schema: { ...form, properties: { ...(form.properties as object), image: undefined } },
      example: { 'image.url': 'https://example.org/logo.png', mode: 'test', format: 'svg' },
    },
    ...Object.fromEntries(acceptedImageMimeTypes.map((type) => [type, { schema: binary }])),
  },
};

type Operation = { responses?: Record<string, { headers?: object; content?: Record<string, object> }> };

/**
 * The document for a request: the address this server is reached at in its links and examples,
 * the image upload, headers. `servers` names PUBLIC_URL only: without it the document has none,
 * so a client resolves the API against the document's own address, not a Host header it was sent.
 */
export function servedDocument(document: object, origin: string, publicUrl: string | undefined): object {
  const served = JSON.parse(JSON.stringify(document).replaceAll(ORIGIN, origin));
  if (!publicUrl) delete served.servers;
  served.components = { ...served.components, headers };
  const vectorize = served.paths?.['/api/v1/vectorize']?.post;
  if (vectorize) vectorize.requestBody = requestBody;
  for (const path of Object.values(served.paths ?? {}) as Record<string, Operation>[]) {
    for (const operation of Object.values(path)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const wanted = headersByStatus[status];
        if (wanted) response.headers = { ...wanted, ...response.headers };
        if (status === '200' && response.content?.['image/png']) {
          response.headers = {
            ...response.headers,
            'Content-Disposition': ref('ContentDisposition'),
            'X-Job-Id': ref('JobId'),
          };
        }
      }
    }
  }
  pruneUnusedSchemas(served);
  return served;
}

// The named schemas in the document's order. They are registered as their modules load, each
// resource's beside its routes, so the order is set here rather than by which module loads first;
// any other follows them.
const schemaOrder = ['Job', 'JobList', 'Account', 'Error'];

// The schemas' input shapes (JobInput...) are registered beside them: only the schemas the paths
// use, directly or through another schema, stay, in schemaOrder.
function pruneUnusedSchemas(served: { paths?: object; components: { schemas?: Record<string, object> } }) {
  const schemas = served.components.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown) => {
    for (const [, name] of JSON.stringify(node).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(served.paths);
  if (!served.components.schemas) return;
  const rank = (name: string) => {
    const at = schemaOrder.indexOf(name);
    return at === -1 ? schemaOrder.length : at;
  };
  served.components.schemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => rank(a) - rank(b)),
  );
}
