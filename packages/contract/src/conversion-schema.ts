import { z } from 'zod';
import { conversionSettingsSchema } from './settings-schema.js';

/** `POST /api/conversions` (spec section 3, "Conversion creation payload"). */
export const createConversionSchema = z.object({
  originalFileName: z
    .string({ error: 'The file name (originalFileName) is required' })
    .trim()
    .min(1, 'The file name (originalFileName) is required')
    .max(255, 'The file name must be at most 255 characters; please rename the file and upload it again'),
  originalFileUrl: z
    .string({ error: 'originalFileUrl is required' })
    .regex(
      /^\/objects\/uploads\/[A-Za-z0-9-]+$/,
      'originalFileUrl must be an upload path (/objects/uploads/{id})',
    ),
  settings: conversionSettingsSchema.default(conversionSettingsSchema.parse({})),
});
export type CreateConversionInput = z.infer<typeof createConversionSchema>;

/** Conversions per page of `GET /api/conversions`, at most and by default. */
export const CONVERSIONS_PAGE_SIZE = 100;

/**
 * `GET /api/conversions?limit&before`: newest first, a page at a time; `before` is the id of the
 * last conversion of the previous page. The answer's `Link` header names the next page, if any.
 */
export const conversionListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(CONVERSIONS_PAGE_SIZE, `limit must be at most ${CONVERSIONS_PAGE_SIZE}`)
    .default(CONVERSIONS_PAGE_SIZE),
  before: z.uuid('before must be the id of a conversion').optional(),
});
export type ConversionListQuery = z.infer<typeof conversionListQuerySchema>;

/** `{id}` in an address: any text, so that an id naming nothing of the caller's is a 404, not a 400. */
export const idParamsSchema = z.object({ id: z.string() });
