import { offers } from '@vectrace/contract';
import { imageTypeWords } from '@vectrace/tracer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, parse } from '../../../errors.js';
import { planTypeOf } from '../../auth/queries.js';
import { type ConversionRow, findConversion } from '../../conversions/queries.js';
import { addressCap } from '../../limits/quotas.js';
import type { ApiDeps } from '../api-deps.js';
import { claimKey, fingerprintOf, idempotencyKeyOf, releaseKey, settleKey } from '../idempotency.js';
import { answerJob, sendResult } from '../jobs/answers.js';
import { jobSchema } from '../jobs/schemas.js';
import { errorResponses, resultResponse } from '../openapi.js';
import { imageOf, readCall } from '../read-image.js';
import { vectorizeOptionsSchema } from './schemas.js';
import { startConversion, waitForEnd } from './start-conversion.js';

/** `POST /api/v1/vectorize`: an image in, its vector file out, or a job to poll. */
export function vectorizeRoutes(root: FastifyInstance, api: ApiDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps, take } = api;
  const urlLimits = {
    allowance: deps.config.api.imageUrlAllow,
    timeoutMs: deps.config.api.imageUrlTimeoutMs,
  };

  const fromAddress = addressCap(root, deps.config.conversionsPerMinute);
  /** Before the body is read: the per-address cap, as the site's conversions (Pro is not capped). */
  const capByAddress = async (request: FastifyRequest) => {
    const key = request.apiKey as NonNullable<typeof request.apiKey>;
    if (key.user.planType !== 'pro') await fromAddress(request);
  };

  /**
   * Live calls come with Pro: a call of an account without Pro, once it is known to be live, is
   * counted against the key's live calls and answered 402. Asked as soon as the mode is known, so
   * that the image of a refused call is not read: before the body (the query, or an image as the
   * whole body), as a form's image begins (the fields before it), and once every option is read.
   */
  async function liveNeedsPro(request: FastifyRequest, reply: FastifyReply, mode: string | undefined) {
    if (mode !== 'live') return;
    const key = request.apiKey as NonNullable<typeof request.apiKey>;
    if ((await planTypeOf(deps.db, key.user.id)) === 'pro') return;
    await take(request, reply, 'live');
    throw new AppError(
      402,
      'plan_required',
      `Live API calls come with Pro (${offers.pro.price}/month). Use mode=test to try the API for free (results are marked).`,
    );
  }

  app.post(
    '/api/v1/vectorize',
    {
      onRequest: [
        api.withKey.onRequest,
        capByAddress,
        (request, reply) => liveNeedsPro(request, reply, modeBeforeBody(request)),
      ],
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
      // A form that says mode=live before its image: a free key's call is refused unread.
      const call = await readCall(request, (fields) => liveNeedsPro(request, reply, fields.mode));
      const options = parse(vectorizeOptionsSchema, { ...(request.query as object), ...call.fields });
      const keptMinutes = Math.floor(deps.config.retentionMs / 60_000);
      if (typeof options.retention === 'number' && options.retention > keptMinutes) {
        throw new AppError(
          400,
          'invalid_request',
          `retention must be at most ${keptMinutes} minutes: this server keeps files no longer.`,
        );
      }
      await liveNeedsPro(request, reply, options.mode);
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
      if (row.status !== 'completed') return answerJob(deps, reply, row, options, 202);
      return sendResult(api, reply, row, options);
    },
  );
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
