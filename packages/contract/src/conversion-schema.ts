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
