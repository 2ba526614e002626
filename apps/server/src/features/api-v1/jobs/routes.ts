import { retentionWords } from '@vectrace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors.js';
import { deleteConversionFiles } from '../../conversions/delete-files.js';
import { findOwnedConversion, listOwnedConversions } from '../../conversions/queries.js';
import type { ApiDeps } from '../api-deps.js';
import { errorResponses, resultResponse } from '../openapi.js';
import { failed, sendResult, toJob } from './answers.js';
import {
  jobListQuerySchema,
  jobListSchema,
  jobParamsSchema,
  jobSchema,
  resultQuerySchema,
} from './schemas.js';

/** `/api/v1/jobs`: the account's conversions, each one's status, its result, and its deletion. */
export function jobsRoutes(root: FastifyInstance, api: ApiDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps, take, withKey } = api;

  /** The job of this id when the key's account owns it, else 404. */
  async function ownedJob(key: { user: { id: string } } | null, id: string) {
    const row = key && (await findOwnedConversion(deps.db, id, { userId: key.user.id }));
    if (!row) throw new AppError(404, 'not_found', 'No job with this id belongs to this key’s account.');
    return row;
  }

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
      return { jobs: await Promise.all(page.map((row) => toJob(deps, row))), next };
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
      return toJob(deps, row, given);
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
      return sendResult(api, reply, row, request.query);
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
}
