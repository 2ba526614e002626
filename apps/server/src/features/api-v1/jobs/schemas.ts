import { conversionStatuses } from '@vectrace/contract';
import { z } from 'zod';
import { liveOrTest } from '../../../live-or-test.js';
import { oneOf, resultOptions, whole, widthWithinLimits } from '../schemas.js';

/** `GET /api/v1/jobs/{id}/result`: the result again, in any format and size. */
export const resultQuerySchema = z
  .object({
    ...resultOptions,
    mode: oneOf('mode', liveOrTest)
      .optional()
      .describe(
        'The job’s mode, the default: a test job has only its marked result, and test mode serves only test jobs. A conversion made on the site is live (Pro, or paid on the site).',
      ),
  })
  .superRefine(widthWithinLimits);

export type ResultQuery = z.infer<typeof resultQuerySchema>;

export const jobParamsSchema = z.object({ id: z.uuid('The job id is a UUID, as the 202 answer gave it') });

/** A conversion as the API reports it. */
export const jobSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(conversionStatuses),
    mode: z
      .enum(liveOrTest)
      .describe(
        'Fixed when the job is made: `test` results are marked; conversions made on the site are `live`.',
      ),
    fileName: z.string().describe('The name of the image as it was sent.'),
    position: z.number().int().nullable().describe('Place in the queue while pending, 1 = next.'),
    error: z.string().nullable().describe('Why the conversion failed, when it did.'),
    vectorCount: z.number().int().nullable().describe('Paths in the result, once completed.'),
    reading: z
      .string()
      .nullable()
      .describe('How the image was read and traced, once completed: "Read as a color image, 6 colors".'),
    createdAt: z.string().describe('When the job was made (ISO 8601).'),
    completedAt: z.string().nullable().describe('When the result was ready (ISO 8601).'),
    expiresAt: z.string().describe('When its files are deleted, at the latest (ISO 8601).'),
    deleted: z.boolean().describe('Its files are deleted: by a DELETE call, or at expiresAt.'),
    resultUrl: z
      .string()
      .describe(
        'Where the result is once completed, with every output option as asked (mode, format, width, unit, background).',
      ),
  })
  .meta({
    id: 'Job',
    examples: [
      {
        id: '0b6f1c7e-4a53-4f0e-9a57-1f0c5a7e2d31',
        status: 'completed',
        mode: 'live',
        fileName: 'logo.png',
        position: null,
        error: null,
        vectorCount: 42,
        reading: 'Read as a color image, 6 colors',
        createdAt: '2026-11-25T10:00:00.000Z',
        completedAt: '2026-11-25T10:00:01.200Z',
        expiresAt: '2026-11-26T10:00:00.000Z',
        deleted: false,
        resultUrl: '/api/v1/jobs/0b6f1c7e-4a53-4f0e-9a57-1f0c5a7e2d31/result?mode=live&format=pdf',
      },
    ],
  });
export type Job = z.infer<typeof jobSchema>;

/** `GET /api/v1/jobs`: a page of the account's jobs, newest first. */
export const jobListQuerySchema = z.object({
  limit: whole('limit', 1, 100).default(20).describe('Jobs per page, 1 to 100.'),
  before: z
    .uuid('before must be a job id, as the previous page gave it')
    .optional()
    .describe('The last job of the previous page: the page after it (see `next`).'),
});

export const jobListSchema = z
  .object({
    jobs: z.array(jobSchema),
    next: z.string().nullable().describe('The address of the next page, or null on the last page.'),
  })
  .meta({ id: 'JobList' });
