import {
  conversionStatuses,
  downloadFormats,
  MAX_UPLOAD_BYTES,
  maxOutputWidth,
  sizeUnits,
} from '@vectrace/contract';
import { cornerDetections, defaultSettings, qualities, traceModes } from '@vectrace/tracer';
import { z } from 'zod';

// Every field arrives as text (a form field or a query parameter): numbers are read from it.
const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be from ${min} to ${max}`)
    .max(max, `${name} must be from ${min} to ${max}`);
const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` });

/** The API's modes: live results are the product (Pro); test results are free and marked. */
export const apiModes = ['live', 'test'] as const;
export type ApiMode = (typeof apiModes)[number];

/** What to do with the image: the options of `POST /api/v1/vectorize`, as form fields or query parameters. */
export const vectorizeOptionsSchema = z
  .object({
    mode: oneOf('mode', apiModes)
      .default('live')
      .describe(
        '`live` (Pro) gives the result for use; `test` is free and marks the result with gray bands.',
      ),
    format: oneOf('format', downloadFormats).default('svg').describe('The file format of the result.'),
    traceMode: oneOf('traceMode', traceModes)
      .default(defaultSettings.mode)
      .describe('`bw` traces outlines in one color; `color` traces color layers.'),
    colors: z
      .union([z.literal('auto'), whole('colors', 2, 32)], {
        error: 'colors must be a whole number from 2 to 32, or auto',
      })
      .default('auto')
      .describe('Color mode: the palette size, 2 to 32, or `auto`.'),
    threshold: whole('threshold', 0, 100)
      .default(defaultSettings.threshold)
      .describe('0 to 100; lower keeps fainter strokes.'),
    smoothness: whole('smoothness', 0, 100)
      .default(defaultSettings.smoothness)
      .describe('0 to 100; higher smooths jagged edges into curves.'),
    cornerDetection: oneOf('cornerDetection', cornerDetections).default(defaultSettings.cornerDetection),
    quality: oneOf('quality', qualities).default(defaultSettings.quality),
    width: z.coerce
      .number({ error: 'width must be a number' })
      .positive('width must be more than 0')
      .optional()
      .describe('Output width in `unit`; the height follows the image. Default: one unit per image pixel.'),
    unit: oneOf('unit', sizeUnits).default('px').describe('The unit of `width`: px (96 per inch), mm or in.'),
    wait: whole('wait', 0, 30)
      .default(10)
      .describe('Seconds to wait for the result before answering 202 with a job to poll.'),
  })
  .superRefine((value, ctx) => {
    const max = maxOutputWidth[value.unit];
    if (value.width !== undefined && value.width > max)
      ctx.addIssue({
        code: 'custom',
        path: ['width'],
        message: `width must be at most ${max} ${value.unit}`,
      });
  });
export type VectorizeOptions = z.infer<typeof vectorizeOptionsSchema>;

/** The multipart form of `POST /api/v1/vectorize`, for the document: the image and the options. */
export const vectorizeFormSchema = z.object({
  image: z.string().meta({
    format: 'binary',
    description: `The PNG or JPEG image, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  }),
  ...z.object(vectorizeOptionsSchema.shape).partial().shape,
});

/** `GET /api/v1/jobs/{id}/result`: the result again, in any format and size. */
export const resultQuerySchema = z.object({
  mode: oneOf('mode', apiModes).default('live').describe('`test` gives the marked result, free.'),
  format: oneOf('format', downloadFormats).default('svg'),
  width: z.coerce
    .number({ error: 'width must be a number' })
    .positive('width must be more than 0')
    .optional(),
  unit: oneOf('unit', sizeUnits).default('px'),
});

export type ResultQuery = z.infer<typeof resultQuerySchema>;

export const jobParamsSchema = z.object({ id: z.uuid('The job id is a UUID, as the 202 answer gave it') });

/** A conversion as the API reports it. */
export const jobSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(conversionStatuses),
    /** Places ahead in the queue, while pending. */
    position: z.number().int().nullable(),
    error: z.string().nullable().describe('Why the conversion failed, when it did.'),
    vectorCount: z.number().int().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    resultUrl: z.string().describe('Where the result is, once completed (mode and format as asked).'),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

/** The stable error codes of the API. */
export const errorCodes = [
  'unauthorized',
  'invalid_key',
  'plan_required',
  'payment_required',
  'invalid_request',
  'unsupported_image',
  'image_too_large',
  'not_found',
  'not_ready',
  'conversion_failed',
  'gone',
  'rate_limited',
  'server_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Every error: a code to branch on and a sentence to show. */
export const errorSchema = z
  .object({
    code: z.enum(errorCodes).describe('Stable: branch on this.'),
    message: z.string().describe('For people: what happened and what to do.'),
  })
  .meta({ id: 'Error' });
