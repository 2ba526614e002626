import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import {
  acceptedImageMimeTypes,
  downloadFileName,
  MAX_UPLOAD_BYTES,
  offers,
  retentionWords,
} from '@vectrace/contract';
import { imageTypeWords } from '@vectrace/tracer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError, parse, registerErrorHandler } from '../../errors.js';
import { modeOf, resultMode } from '../../job-mode.js';
import { publicOrigin } from '../../public-origin.js';
import { planTypeOf } from '../auth/queries.js';
import { deleteConversionFiles } from '../conversions/delete-files.js';
import {
  type ConversionRow,
  findConversion,
  findOwnedConversion,
  listOwnedConversions,
  queuePosition,
} from '../conversions/queries.js';
import { apiLimits } from '../limits/api-keys.js';
import { exportLimits, ownerKeyOfRequest } from '../limits/export-limits.js';
import { READS_PER_MINUTE } from '../limits/index.js';
import { addressCap, quotaUsage } from '../limits/quotas.js';
import {
  assertExportFits,
  canDownload,
  downloadHeaders,
  readResult,
  resultFile,
  writtenInWorker,
} from '../results/download.js';
import { authenticate } from './authenticate.js';
import { registerDocs } from './docs.js';
import { apiErrors } from './error-scope.js';
import { claimKey, fingerprintOf, idempotencyKeyOf, releaseKey, settleKey } from './idempotency.js';
import { errorResponses, openApiOptions, resultResponse, servedDocument } from './openapi.js';
import { imageOf, MAX_FIELD_BYTES, readCall } from './read-image.js';
import {
  type Account,
  accountSchema,
  type Job,
  jobListQuerySchema,
  jobListSchema,
  jobParamsSchema,
  jobSchema,
  type ResultQuery,
  resultQuerySchema,
  vectorizeOptionsSchema,
} from './schemas.js';
import { startConversion, waitForEnd } from './vectorize.js';

/**
 * The developer API, `/api/v1`: a bearer key instead of cookies, errors as `{ code, message }`,
 * per-key limits, and its OpenAPI document generated from the zod schemas that check requests.
 */
export async function apiV1Routes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  registerErrorHandler(app, apiErrors);
  await app.register(swagger, {
    ...openApiOptions(),
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 24, fieldSize: MAX_FIELD_BYTES },
  });
  // The raw image as the whole body, as a command line sends a file: refused past the image
  // limit from its Content-Length, before it is read (or as soon as a chunked body passes it).
  app.addContentTypeParser(
    [...acceptedImageMimeTypes, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  // A JSON body may carry image.base64: room for a whole image in base64. (A limit on the route
  // would also lift the raw image's.)
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_FIELD_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.decorateRequest('apiKey', null);
  const take = apiLimits(root, deps.config);
  const exportsOf = exportLimits(root, deps);
  const withKey = { onRequest: (request: Parameters<typeof authenticate>[1]) => authenticate(deps, request) };
  const urlLimits = {
    allowance: deps.config.api.imageUrlAllow,
    timeoutMs: deps.config.api.imageUrlTimeoutMs,
  };

  const fromAddress = addressCap(root, deps.config.conversionsPerMinute);
  const liveNeedsPro = () =>
    new AppError(
      402,
      'plan_required',
      `Live API calls come with Pro (${offers.pro.price}/month). Use mode=test to try the API for free (results are marked).`,
    );
  /**
   * Before the body is read: the per-address cap (as the site's conversions; Pro is not capped),
   * and a free key's live call, when the query or the body's type says it is one, answered 402
   * (counted against its live calls) without reading the image.
   */
  const beforeBody = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.apiKey as NonNullable<typeof request.apiKey>;
    if (key.user.planType === 'pro') return;
    await fromAddress(request);
    if (modeBeforeBody(request) === 'live') {
      await take(request, reply, 'live');
      throw liveNeedsPro();
    }
  };

  app.post(
    '/api/v1/vectorize',
    {
      onRequest: [withKey.onRequest, beforeBody],
      schema: {
        operationId: 'vectorize',
        tags: ['Vectorize'],
        summary: 'Vectorize an image',
        description:
          `Traces a ${imageTypeWords} image into a vector file (a GIF's first frame, a TIFF's first page). ` +
          'The image comes as a multipart file field `image`, as the whole body, or as `image.url` or `image.base64`. Answers the file when the trace ends within `wait` seconds, else `202` with a job to poll. With an `Idempotency-Key` header, a retried request makes no second job.',
        querystring: z.object(vectorizeOptionsSchema.shape).partial(),
        // Declared for the document and generated clients; its value is checked by idempotencyKeyOf.
        headers: z.looseObject({
          'Idempotency-Key': z.string().optional().meta({
            description:
              'Any string of 1 to 255 visible characters made for this request, such as a UUID. A retry with the same key, image and options within 24 hours makes no second job: it answers as the first request did, with the header `Idempotent-Replayed: true`.',
          }),
        }),
        response: {
          200: resultResponse,
          202: jobSchema.describe('Still converting: poll the job, then fetch its resultUrl.'),
          ...errorResponses(400, 401, 402, 409, 413, 415, 422, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const key = request.apiKey as NonNullable<typeof request.apiKey>;
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      const call = await readCall(request, async (fields) => {
        // A form that says mode=live before its image: a free key's call is refused unread.
        if (fields.mode === 'live' && key.user.planType !== 'pro') {
          await take(request, reply, 'live');
          throw liveNeedsPro();
        }
      });
      const options = parse(vectorizeOptionsSchema, { ...(request.query as object), ...call.fields });
      const keptMinutes = Math.floor(deps.config.retentionMs / 60_000);
      if (typeof options.retention === 'number' && options.retention > keptMinutes) {
        throw new AppError(
          400,
          'invalid_request',
          `retention must be at most ${keptMinutes} minutes: this server keeps files no longer.`,
        );
      }
      if (options.mode === 'live' && (await planTypeOf(deps.db, key.user.id)) !== 'pro') {
        await take(request, reply, 'live');
        throw liveNeedsPro();
      }
      const claim = idempotencyKey && {
        userId: key.user.id,
        key: idempotencyKey,
        fingerprint: fingerprintOf('url' in call.image ? call.image.url : call.image.bytes, options),
      };
      const earlier = claim ? await claimKey(deps.db, claim, deps.clock()) : null;
      let started: ConversionRow;
      if (earlier) {
        started = (await findConversion(deps.db, earlier)) as ConversionRow;
        reply.header('idempotent-replayed', 'true');
      } else {
        try {
          // Counted before an image.url is read: reading URLs is bounded by the key's limits too.
          await take(request, reply, options.mode);
          const image = await imageOf(call, urlLimits);
          started = await startConversion(deps, { userId: key.user.id }, image, options);
        } catch (err) {
          if (claim) await releaseKey(deps.db, claim.userId, claim.key);
          throw err;
        }
        if (claim) await settleKey(deps.db, claim.userId, claim.key, started.id);
      }
      const row = await waitForEnd(deps, started, options.wait * 1000);
      if (row.status !== 'completed') return answerJob(reply, row, options, 202);
      return sendResult(reply, row, options);
    },
  );

  app.get(
    '/api/v1/jobs',
    {
      ...withKey,
      schema: {
        operationId: 'listJobs',
        tags: ['Jobs'],
        summary: 'List jobs',
        description:
          'The account’s conversions, newest first, made through the API or on the site, a page at a time.',
        querystring: jobListQuerySchema,
        response: { 200: jobListSchema, ...errorResponses(400, 401, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      await take(request, reply, 'read');
      const { user } = request.apiKey as NonNullable<typeof request.apiKey>;
      const { limit, before } = request.query;
      const rows = await listOwnedConversions(deps.db, { userId: user.id }, { limit, before });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next = rows.length > limit && last ? `/api/v1/jobs?limit=${limit}&before=${last.id}` : null;
      if (next) reply.header('link', `<${next}>; rel="next"`);
      return { jobs: await Promise.all(page.map((row) => toJob(row))), next };
    },
  );

  app.get(
    '/api/v1/jobs/:id',
    {
      ...withKey,
      schema: {
        operationId: 'getJob',
        tags: ['Jobs'],
        summary: 'Read a job',
        description:
          'A conversion made by `POST /api/v1/vectorize` (or on the site): its status, and where its result is. The output options given here are kept in `resultUrl`.',
        params: jobParamsSchema,
        querystring: z.object(resultQuerySchema.shape).partial(),
        response: { 200: jobSchema, ...errorResponses(400, 401, 404, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      await take(request, reply, 'read');
      const row = await ownedJob(request.apiKey, request.params.id);
      // Output options given here replace those the job was asked with.
      const given = new URL(request.url, 'http://x').searchParams.size > 0 ? request.query : undefined;
      return toJob(row, given);
    },
  );

  app.get(
    '/api/v1/jobs/:id/result',
    {
      ...withKey,
      schema: {
        operationId: 'getJobResult',
        tags: ['Jobs'],
        summary: 'Download a result',
        description:
          'The finished result, in any format and size, in the job’s mode: a `live` job’s result for use (Pro, or a conversion paid on the site), a `test` job’s marked result (bands cut out of the picture). A result written again (another format than SVG, a `width`, or a test job’s) counts toward the account’s exports: 60 a minute and two at once (429 `rate_limited` with `Retry-After`); one estimated past 64 MB is refused (422 `result_too_large`): ask for SVG.',
        params: jobParamsSchema,
        querystring: resultQuerySchema,
        response: {
          200: resultResponse,
          ...errorResponses(400, 401, 402, 404, 409, 410, 422, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      await take(request, reply, 'read');
      const row = await ownedJob(request.apiKey, request.params.id);
      if (row.status === 'failed' && !row.expiredAt) throw failed(row);
      if (row.expiredAt) {
        throw new AppError(
          410,
          'gone',
          'This job’s files are deleted (at your request, or at its expiry): convert the image again.',
        );
      }
      if (row.status !== 'completed') {
        throw new AppError(
          409,
          'not_ready',
          'This job has not finished yet: poll it until its status is completed.',
        );
      }
      return sendResult(reply, row, request.query);
    },
  );

  app.delete(
    '/api/v1/jobs/:id',
    {
      ...withKey,
      schema: {
        operationId: 'deleteJob',
        tags: ['Jobs'],
        summary: 'Delete a job’s files',
        description: `Deletes the job’s image and result at once (they are deleted ${retentionWords} of upload anyway). The job stays listed, marked \`deleted\`; a job still converting stops.`,
        params: jobParamsSchema,
        response: {
          204: z.null().describe('The files are deleted.'),
          ...errorResponses(400, 401, 404, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      await take(request, reply, 'read');
      await deleteConversionFiles(deps, await ownedJob(request.apiKey, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/account',
    {
      ...withKey,
      schema: {
        operationId: 'getAccount',
        tags: ['Account'],
        summary: 'Read the account',
        description: 'The key’s account: its plan, its limits, and what is left of them now.',
        response: { 200: accountSchema, ...errorResponses(401, 429, 500, 503) },
      },
    },
    async (request, reply): Promise<Account> => {
      await take(request, reply, 'read');
      const { user } = request.apiKey as NonNullable<typeof request.apiKey>;
      const pro = (await planTypeOf(deps.db, user.id)) === 'pro';
      const used = await quotaUsage(deps.db, { userId: user.id }, deps.clock());
      const q = deps.config.quotas;
      const of = (n: number, limit: number) =>
        pro
          ? { limit: null, used: n, remaining: null }
          : { limit, used: n, remaining: Math.max(0, limit - n) };
      return {
        username: user.username,
        plan: pro ? 'pro' : 'free',
        proUntil: pro && user.subscriptionCancelAtPeriodEnd ? user.subscriptionPeriodEnd : null,
        perKeyPerMinute: {
          live: deps.config.api.callsPerMinute,
          test: deps.config.api.testCallsPerMinute,
          reads: READS_PER_MINUTE,
        },
        quotas: {
          tracesThisMinute: of(used.tracesThisMinute, q.tracesPerMinute),
          tracesThisHour: of(used.tracesThisHour, q.tracesPerHour),
          imagesThisHour: of(used.imagesThisHour, q.imagesPerHour),
          resultsKept: of(used.resultsKept, q.resultsKept),
        },
      };
    },
  );

  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async (request) =>
    servedDocument(app.swagger(), publicOrigin(request, deps.config), deps.config.publicUrl),
  );
  await registerDocs(app);

  async function ownedJob(key: { user: { id: string } } | null, id: string) {
    const row = key && (await findOwnedConversion(deps.db, id, { userId: key.user.id }));
    if (!row) throw new AppError(404, 'not_found', 'No job with this id belongs to this key’s account.');
    return row;
  }

  async function sendResult(reply: FastifyReply, row: ConversionRow, query: ResultQuery) {
    if (row.status === 'failed') throw failed(row);
    const testMark = resultMode(row, query.mode) === 'test';
    if (!testMark && !(await canDownload(deps, row))) {
      throw new AppError(
        402,
        'plan_required',
        `Live results come with Pro (${offers.pro.price}/month), or pay for this conversion on the site. To try the API for free, convert with mode=test (results are marked).`,
      );
    }
    const svg = await readResult(deps, row);
    const inWorker = writtenInWorker(query, testMark);
    // 422 result_too_large, before the export is counted.
    if (inWorker) assertExportFits(svg, query.format);
    const release = inWorker ? await exportsOf.export(reply.request) : () => {};
    let file: Buffer;
    try {
      file = await resultFile(deps, svg, query, testMark, ownerKeyOfRequest(reply.request));
    } finally {
      release();
    }
    // Asked to be deleted on download: the files go once the result is written, before it is sent.
    if (JSON.parse(row.resultOptions ?? '{}').retention === 'download')
      await deleteConversionFiles(deps, row);
    return reply
      .headers(downloadHeaders(query.format, downloadFileName(query.format, row.originalFileName, query)))
      .header('x-job-id', row.id)
      .send(file);
  }

  /** The job as the API reports it; its resultUrl with the given output options, else those it was asked with. */
  async function toJob(row: ConversionRow, given?: Partial<ResultQuery>): Promise<Job> {
    const query = parse(resultQuerySchema, given ?? JSON.parse(row.resultOptions ?? '{}'));
    return {
      id: row.id,
      status: row.status as Job['status'],
      mode: modeOf(row),
      fileName: row.originalFileName,
      position: row.status === 'pending' ? await queuePosition(deps.db, row) : null,
      error: row.status === 'failed' ? row.errorMessage : null,
      vectorCount: row.vectorCount,
      reading: row.status === 'completed' ? row.reading : null,
      createdAt: row.createdAt,
      completedAt: row.completedAt,
      expiresAt: row.expiresAt,
      deleted: row.expiredAt !== null,
      resultUrl: `/api/v1/jobs/${row.id}/result?${asked({ ...query, mode: modeOf(row) })}`,
    };
  }

  async function answerJob(reply: FastifyReply, row: ConversionRow, query: ResultQuery, status: number) {
    if (row.status === 'failed') throw failed(row);
    const job = await toJob(row);
    // Polling this address keeps every asked output option in the job's resultUrl.
    return reply
      .code(status)
      .header('location', `/api/v1/jobs/${row.id}?${asked({ ...query, mode: modeOf(row) })}`)
      .send(job);
  }
}

/**
 * The mode of a call as far as it is known before its body is read: from the query string, or
 * `live` (the default) when the body is the image itself (options come only in the query then).
 */
function modeBeforeBody(request: FastifyRequest): string | undefined {
  const given = (request.query as { mode?: unknown }).mode;
  if (typeof given === 'string') return given;
  const type = request.headers['content-type'] ?? '';
  return /^(image\/png|image\/jpeg|application\/octet-stream)\b/i.test(type) ? 'live' : undefined;
}

/** Every output option a result was asked with, as a query string. */
function asked(query: ResultQuery & { mode: string }): URLSearchParams {
  const search = new URLSearchParams({ mode: query.mode, format: query.format });
  if (query.width !== undefined) search.set('width', String(query.width));
  if (query.unit !== 'px') search.set('unit', query.unit);
  if (query.background !== 'transparent') search.set('background', query.background);
  return search;
}

const failed = (row: ConversionRow) =>
  new AppError(422, 'conversion_failed', `The conversion failed: ${row.errorMessage ?? 'no result'}`);
