import { MAX_UPLOAD_BYTES } from '@vectrace/contract';
import { imageTypeWords } from '@vectrace/tracer';
import { z } from 'zod';
import { refuseConflicts, resultOptions, settingsFields, whole, widthWithinLimits } from '../schemas.js';

const RETENTION_MESSAGE = 'retention must be a whole number of minutes (1 or more), or download';

/** What to do with the image: the options of `POST /api/v1/vectorize`, as form fields or query parameters. */
export const vectorizeOptionsSchema = z
  .object({
    ...resultOptions,
    ...settingsFields,
    retention: z
      .union(
        [
          z.literal('download'),
          z.coerce.number({ error: RETENTION_MESSAGE }).int(RETENTION_MESSAGE).min(1, RETENTION_MESSAGE),
        ],
        { error: RETENTION_MESSAGE },
      )
      .optional()
      .describe(
        'How long the image and the result are kept: a whole number of minutes, at most the server’s retention (1380 minutes, 23 hours, by default; a longer one is refused), or `download` to delete them as soon as the result is downloaded through the API (this answer’s file, or the first `GET /api/v1/jobs/{id}/result`), and at the server’s retention at the latest. The job’s `expiresAt` says when. Default: the server’s retention.',
      ),
    wait: whole('wait', 0, 30)
      .default(10)
      .describe('Seconds to wait for the result before answering 202 with a job to poll.'),
  })
  .superRefine(widthWithinLimits)
  .superRefine(refuseConflicts);
export type VectorizeOptions = z.infer<typeof vectorizeOptionsSchema>;

/** The form of `POST /api/v1/vectorize`, for the document: one image, and the options. */
export const vectorizeFormSchema = z.object({
  image: z
    .string()
    .meta({
      format: 'binary',
      description: `The image (${imageTypeWords}), at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
    })
    .optional(),
  'image.url': z
    .url()
    .optional()
    .describe(
      'Instead of image: a public http or https address of the image (up to 3 redirects, 10 seconds).',
    ),
  'image.base64': z.string().optional().describe('Instead of image: the image in base64, or as a data: URL.'),
  ...z.object(vectorizeOptionsSchema.shape).partial().shape,
});
