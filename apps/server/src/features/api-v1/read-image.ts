import { MAX_UPLOAD_BYTES } from '@vectrace/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { type ImageUrlLimits, readImageUrl } from './image-url.js';

/** The image of an API call, and its name when the call gave one. */
export interface ApiImage {
  bytes: Buffer;
  fileName: string | undefined;
}

/** A call as it arrived: the image, or the URL to read it from, and the option fields beside it. */
export interface ApiCall {
  image: ApiImage | { url: string };
  fields: Record<string, string>;
}

/** The longest `image.base64` an image of MAX_UPLOAD_BYTES makes, with room for a data: prefix. */
export const MAX_BASE64_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 100;
/** The most a call's text fields may hold together: one base64 image and the options. */
export const MAX_FIELD_BYTES = MAX_BASE64_CHARS + 64 * 1024;

/** Why an image past MAX_UPLOAD_BYTES is refused, however it came. */
export const IMAGE_TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please scale it down or compress it and try again.`;
const tooLarge = () => new AppError(413, 'image_too_large', IMAGE_TOO_LARGE);
const noImage = () =>
  new AppError(
    400,
    'invalid_request',
    'No image was sent: send it as a multipart/form-data field named image, as the whole body with Content-Type: image/png (or the image type of the file), or give image.url or image.base64.',
  );
const twoImages = () =>
  new AppError(400, 'invalid_request', 'Send one image: a file, image.url or image.base64, not several.');

/**
 * Reads a call: the image as a multipart file field `image`, the whole body (an image,
 * options in the query string), or the field `image.base64` or `image.url` (read later, by
 * `imageOf`, once the call is allowed), in a multipart form or a JSON object. The other fields
 * are the options.
 */
export async function readCall(
  request: FastifyRequest,
  /** Called with the form's fields so far as its image begins, before the image is read: may refuse the call. */
  beforeImage: (fields: Record<string, string>) => Promise<void> = async () => {},
): Promise<ApiCall> {
  const { file, fields } = request.isMultipart()
    ? await readForm(request, beforeImage)
    : readBody(request.body);
  const url = fields['image.url'];
  const base64 = fields['image.base64'];
  delete fields['image.url'];
  delete fields['image.base64'];
  if ([file, url, base64].filter((given) => given !== undefined).length > 1) throw twoImages();
  if (url !== undefined) return { image: { url }, fields };
  if (base64 !== undefined) return { image: { bytes: decodeBase64(base64), fileName: undefined }, fields };
  if (!file || file.bytes.length === 0) throw noImage();
  return { image: file, fields };
}

/** The call's image: as sent, or read from its URL. */
export async function imageOf(call: ApiCall, urlLimits: ImageUrlLimits): Promise<ApiImage> {
  return 'url' in call.image ? readImageUrl(call.image.url, urlLimits) : call.image;
}

type Read = { file?: ApiImage; fields: Record<string, string> };

function readBody(body: unknown): Read {
  if (Buffer.isBuffer(body)) return { file: { bytes: body, fileName: undefined }, fields: {} };
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(body)) {
      if (value === null || typeof value === 'object') {
        throw new AppError(400, 'invalid_request', `${name} must be a string, number or boolean.`);
      }
      fields[name] = String(value);
    }
    return { fields };
  }
  return { fields: {} };
}

async function readForm(
  request: FastifyRequest,
  beforeImage: (fields: Record<string, string>) => Promise<void>,
): Promise<Read> {
  const read: Read = { fields: {} };
  let fieldBytes = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        fieldBytes += part.value.length;
        if (fieldBytes > MAX_FIELD_BYTES) throw tooLarge();
        read.fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'image' && !read.file) {
        await beforeImage(read.fields);
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        read.file = { bytes, fileName: part.filename };
      } else {
        // Another file: read past it, so that the form's later fields still arrive.
        part.file.resume();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code?.startsWith('FST_')) throw new AppError(400, 'invalid_request', (err as Error).message);
    throw err;
  }
  return read;
}

/** The bytes of `image.base64`: plain base64 (or base64url), or a `data:image/...;base64,` URL. */
function decodeBase64(text: string): Buffer {
  const payload = text.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload) || payload.length === 0) {
    throw new AppError(400, 'invalid_request', 'image.base64 is not valid base64.');
  }
  if (payload.length > MAX_BASE64_CHARS) throw tooLarge();
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge();
  return bytes;
}
