import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { MAX_UPLOAD_BYTES } from '@vectrace/contract';
import { z } from 'zod';
import { vectorizeFormSchema } from './schemas.js';

/** Where the document says the API is; each answer of openapi.json puts the real address in. */
export const ORIGIN = 'https://vectrace.example';

const quickStart = `Turn PNG and JPEG images into SVG, EPS, PDF or DXF from your own code.

## Quick start

1. Sign in, open your [account page](${ORIGIN}/account) and create an API key under **API keys**. It is shown once: keep it in a safe place, such as an environment variable.
2. Send an image:

\`\`\`sh
curl ${ORIGIN}/api/v1/vectorize \\
  -H "Authorization: Bearer $VECTRACE_API_KEY" \\
  -F image=@logo.png \\
  -F format=pdf \\
  -o logo.pdf
\`\`\`

The answer is the file itself when the trace ends within \`wait\` seconds (10 by default). Otherwise it is \`202\` with a job: poll \`GET /api/v1/jobs/{id}\` until its status is \`completed\`, then fetch its \`resultUrl\`.

## Test mode

Add \`-F mode=test\` to try the API for free with any account: the result comes with gray bands across it. Live results come with [Pro](${ORIGIN}/checkout?plan=pro).

## Options

Send them as form fields beside \`image\`, or as query parameters when the image is the whole body (\`--data-binary @logo.png -H "Content-Type: image/png"\`): \`format\` (svg, eps, pdf, dxf), \`traceMode\` (bw or color), \`colors\`, \`threshold\`, \`smoothness\`, \`cornerDetection\`, \`quality\`, and an output size with \`width\` and \`unit\` (px, mm or in; DXF files carry the unit). Images up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.

## Limits and errors

Each key has its own limits per minute, reported on every answer in \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; past them the answer is \`429\` with \`Retry-After\`. Every error is JSON: \`{ "code": "...", "message": "..." }\`, with a stable \`code\` to branch on and a \`message\` to show.
`;

/** The OpenAPI 3.1 document's frame; the routes of /api/v1 fill in its paths. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Vectrace API', version: '1.0.0', description: quickStart },
      servers: [{ url: ORIGIN }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from your account page.' },
        },
      },
      security: [{ apiKey: [] }],
    },
  };
}

// The image arrives as a form or as the whole body, read by the route itself rather than by a
// body schema (which would have Fastify parse it first): the request body is described here, from
// the same zod schema that checks the form's fields.
const requestBody = {
  required: true,
  content: {
    'multipart/form-data': { schema: z.toJSONSchema(vectorizeFormSchema, { io: 'input' }) },
    'image/png': { schema: { type: 'string', format: 'binary' } },
    'image/jpeg': { schema: { type: 'string', format: 'binary' } },
  },
};

/** The document for a request: the address this server is reached at, and the image upload. */
export function servedDocument(document: object, origin: string): object {
  const served = JSON.parse(JSON.stringify(document).replaceAll(ORIGIN, origin));
  const vectorize = served.paths?.['/api/v1/vectorize']?.post;
  if (vectorize) vectorize.requestBody = requestBody;
  return served;
}
