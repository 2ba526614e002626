import { MAX_UPLOAD_BYTES } from '@vectrace/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** The image of an API call, its name when the form gave one, and the option fields beside it. */
export interface ApiImage {
  bytes: Buffer;
  fileName: string | undefined;
  fields: Record<string, string>;
}

const tooLarge = () =>
  new ApiError(
    413,
    'image_too_large',
    `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please scale it down or compress it and try again.`,
  );
const noImage = () =>
  new ApiError(
    400,
    'invalid_request',
    'No image was sent: send it as a multipart/form-data field named image, or as the whole body with Content-Type: image/png or image/jpeg.',
  );

/**
 * Reads the image from a multipart form (the field `image`, the other fields as options) or
 * from the whole body (PNG or JPEG; options in the query string).
 */
export async function readImage(request: FastifyRequest): Promise<ApiImage> {
  if (!request.isMultipart()) {
    const bytes = request.body;
    if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw noImage();
    return { bytes, fileName: undefined, fields: {} };
  }
  const fields: Record<string, string> = {};
  let image: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'image' && !image) {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        image = { bytes, fileName: part.filename };
      } else {
        // Another file: read past it, so that the form's later fields still arrive.
        part.file.resume();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code?.startsWith('FST_')) throw new ApiError(400, 'invalid_request', (err as Error).message);
    throw err;
  }
  if (!image || image.bytes.length === 0) throw noImage();
  return { ...image, fields };
}
