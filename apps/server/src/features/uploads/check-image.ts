import {
  type ImageType,
  imageTypeExtensions,
  imageTypeNames,
  imageTypeWords,
  TraceError,
} from '@vectrace/tracer';
import { checkImage as checkImageBytes, sniffImageType } from '@vectrace/tracer/decode';
import { AppError } from '../../errors.js';
import { describeFileKind } from './file-kind.js';

/**
 * Checks that the bytes are an image of a type we accept, within the pixel limit, whose header
 * and first rows decode (all of a small image), and returns its type; a 400 with the reason
 * otherwise. Checked when the file arrives, so that a file that cannot be converted is refused at
 * upload, and again at conversion (its header only, with `firstRows: false`: the bytes are those
 * checked on arrival).
 */
export async function checkImage(
  bytes: Buffer,
  { firstRows = true }: { firstRows?: boolean } = {},
): Promise<ImageType> {
  try {
    return (await checkImageBytes(bytes, { firstRows })).type;
  } catch (err) {
    if (!(err instanceof TraceError)) throw err;
    throw new AppError(400, 'unsupported_image', refusal(err, bytes));
  }
}

/** What a person reads about a file the engine would not take, with what to do. */
function refusal(err: TraceError, bytes: Buffer): string {
  const type = sniffImageType(bytes);
  if (err.code === 'unsupported-type' || !type) {
    const kind = describeFileKind(bytes);
    return kind
      ? `File type must be ${imageTypeWords}, but this file is ${kind} (whatever its name says). Please save it as PNG or JPEG and upload it again.`
      : `File type must be ${imageTypeWords}, but the contents of this file are not such an image (whatever its name says). Please save it as PNG or JPEG and upload it again.`;
  }
  // "The image is larger than 50 megapixels (20000 × 20000 pixels)", read from its header.
  if (err.code === 'too-large') return `${err.message}. Please scale it down and upload it again.`;
  const name = imageTypeNames[type];
  const reason = err.reason ?? 'unknown error';
  if (/not supported/.test(reason)) {
    return `This ${name} image could not be read: ${reason}. Please save it as PNG, or as an uncompressed 24-bit ${name}, and upload it again.`;
  }
  return `This ${name} image could not be read (${reason}): the file is damaged or incomplete. Please export or save it again and upload the new file.`;
}

/** The file's name must end as its type does: a JPEG named .png is refused. */
export function checkFileName(type: ImageType, fileName: string): void {
  const extension = /\.[^.]*$/.exec(fileName.toLowerCase())?.[0] ?? '';
  const extensions = imageTypeExtensions[type];
  if (!extensions.includes(extension)) {
    throw new AppError(
      400,
      'invalid_request',
      `File type must match the file name: this file is a ${imageTypeNames[type]} image, so its name should end in ${extensions.join(' or ')}.`,
    );
  }
}
