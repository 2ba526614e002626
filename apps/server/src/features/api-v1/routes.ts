import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { MAX_UPLOAD_BYTES } from '@vectrace/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { parse } from '../../errors.js';
import { publicOrigin } from '../../public-origin.js';
import { planTypeOf } from '../auth/queries.js';
import { canDownload, downloadHeaders, readResult, resultFile } from '../conversions/download.js';
import { type ConversionRow, findOwnedConversion, queuePosition } from '../conversions/queries.js';
import { ApiError, registerApiErrorHandler } from './api-error.js';
import { authenticate } from './authenticate.js';
import { registerDocs } from './docs.js';
import { apiLimits } from './limits.js';
import { openApiOptions, servedDocument } from './openapi.js';
import { readImage } from './read-image.js';
import {
  errorSchema,
  type Job,
  jobParamsSchema,
  jobSchema,
  type ResultQuery,
  resultQuerySchema,
  vectorizeOptionsSchema,
} from './schemas.js';
import { startConversion, waitForEnd } from './vectorize.js';

const binary = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
});
const errors = Object.fromEntries(
  [400, 401, 402, 404, 409, 410, 413, 422, 429].map((status) => [status, errorSchema]),
);

/**
 * The developer API, `/api/v1`: a bearer key instead of cookies, errors as `{ code, message }`,
 * per-key limits, and its OpenAPI document generated from the zod schemas that check requests.
 */
export async function apiV1Routes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerApiErrorHandler(app);
  await app.register(swagger, {
    ...openApiOptions(),
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 1000 },
  });
  // The raw image as the whole body, as a command line sends a file.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.decorateRequest('apiKey', null);
  const take = apiLimits(root, deps.config);
  const withKey = { onRequest: (request: Parameters<typeof authenticate>[1]) => authenticate(deps, request) };

  app.post(
    '/api/v1/vectorize',
    {
      ...withKey,
      schema: {
        summary: 'Vectorize an image',
        description:
          'Traces a PNG or JPEG into a vector file. Answers the file when the trace ends within `wait` seconds, else `202` with a job to poll.',
        querystring: z.object(vectorizeOptionsSchema.shape).partial(),
        response: {
          200: binary('The result, in the asked format (Content-Disposition names the file).'),
          202: jobSchema.describe('Still converting: poll the job, then fetch resultUrl.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const image = await readImage(request);
      const options = parse(vectorizeOptionsSchema, { ...(request.query as object), ...image.fields });
      const { user } = request.apiKey as NonNullable<typeof request.apiKey>;
      if (options.mode === 'live' && (await planTypeOf(deps.db, user.id)) !== 'pro') {
        throw new ApiError(
          402,
          'plan_required',
          'Live API calls come with Pro ($5.99/month). Use mode=test to try the API for free (results are marked).',
        );
      }
      await take(request, reply, options.mode);
      const started = await startConversion(deps, { userId: user.id }, image, options);
      const row = await waitForEnd(deps, started, options.wait * 1000);
      if (row.status !== 'completed') return answerJob(reply, row, options, 202);
      return sendResult(reply, row, options);
    },
  );

  app.get(
    '/api/v1/jobs/:id',
    {
      ...withKey,
      schema: {
        summary: 'Read a job',
        description: 'A conversion started by `POST /api/v1/vectorize`: its status, and where its result is.',
        params: jobParamsSchema,
        querystring: resultQuerySchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request, reply) => {
      await take(request, reply, 'read');
      return toJob(await ownedJob(request.apiKey, request.params.id), request.query);
    },
  );

  app.get(
    '/api/v1/jobs/:id/result',
    {
      ...withKey,
      schema: {
        summary: 'Download a result',
        description:
          'The finished result, in any format and size: `live` for conversions of a Pro account or paid on the site, `test` (marked) for any.',
        params: jobParamsSchema,
        querystring: resultQuerySchema,
        response: { 200: binary('The result file.'), ...errors },
      },
    },
    async (request, reply) => {
      await take(request, reply, 'read');
      const row = await ownedJob(request.apiKey, request.params.id);
      if (row.status === 'failed') throw failed(row);
      if (row.status !== 'completed') {
        throw new ApiError(
          409,
          'not_ready',
          'This job has not finished yet: poll it until its status is completed.',
        );
      }
      return sendResult(reply, row, request.query);
    },
  );

  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async (request) =>
    servedDocument(app.swagger(), publicOrigin(request, deps.config)),
  );
  await registerDocs(app);

  async function ownedJob(key: { user: { id: string } } | null, id: string) {
    const row = key && (await findOwnedConversion(deps.db, id, { userId: key.user.id }));
    if (!row) throw new ApiError(404, 'not_found', 'No job with this id belongs to this key’s account.');
    return row;
  }

  async function sendResult(reply: FastifyReply, row: ConversionRow, query: ResultQuery) {
    if (row.status === 'failed') throw failed(row);
    const testMark = query.mode === 'test';
    if (!testMark && !(await canDownload(deps, row))) {
      throw new ApiError(
        402,
        'plan_required',
        'Live results come with Pro ($5.99/month), or pay for this conversion on the site. Use mode=test for a marked result.',
      );
    }
    const svg = await readResult(deps, row);
    const file = await resultFile(deps, svg, query, testMark);
    const name = row.originalFileName.replace(/\.[^.]*$/, '').replace(/[^\w .-]/g, '_') || 'image';
    return reply
      .headers(downloadHeaders(query.format))
      .header('content-disposition', `attachment; filename="${name}.${query.format}"`)
      .header('x-job-id', row.id)
      .send(file);
  }

  async function toJob(row: ConversionRow, query: ResultQuery): Promise<Job> {
    const search = asked(query);
    return {
      id: row.id,
      status: row.status as Job['status'],
      position: row.status === 'pending' ? await queuePosition(deps.db, row) : null,
      error: row.status === 'failed' ? row.errorMessage : null,
      vectorCount: row.vectorCount,
      createdAt: row.createdAt,
      completedAt: row.completedAt,
      resultUrl: `/api/v1/jobs/${row.id}/result?${search}`,
    };
  }

  async function answerJob(reply: FastifyReply, row: ConversionRow, query: ResultQuery, status: number) {
    if (row.status === 'failed') throw failed(row);
    const job = await toJob(row, query);
    // Polling this address keeps the asked mode and format in the job's resultUrl.
    return reply
      .code(status)
      .header('location', `/api/v1/jobs/${row.id}?${asked(query)}`)
      .send(job);
  }
}

/** The mode, format and size a result was asked in, as a query string. */
function asked(query: ResultQuery): URLSearchParams {
  const search = new URLSearchParams({ mode: query.mode, format: query.format });
  if (query.width !== undefined) search.set('width', String(query.width));
  if (query.unit !== 'px') search.set('unit', query.unit);
  return search;
}

const failed = (row: ConversionRow) =>
  new ApiError(422, 'conversion_failed', `The conversion failed: ${row.errorMessage ?? 'no result'}`);
