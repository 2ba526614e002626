import { MAX_PIXELS } from '@vectrace/tracer';
import { type ImageType, sniffImageType } from '@vectrace/tracer/decode';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';
import { describeFileKind } from './file-kind.js';

const extensions: Record<ImageType, string[]> = { png: ['.png'], jpeg: ['.jpg', '.jpeg'] };
const typeName: Record<ImageType, string> = { png: 'PNG', jpeg: 'JPEG' };

/**
 * Checks that the bytes are a PNG or JPEG whose header reads and whose size is within the pixel
 * limit, and returns its type; a 400 with the reason otherwise. Checked when the file arrives, so
 * that a bad file is refused at upload, and again at conversion.
 */
export async function checkImage(bytes: Buffer): Promise<ImageType> {
  const type = sniffImageType(bytes);
  if (!type) {
    const kind = describeFileKind(bytes);
    throw new AppError(
      400,
      'unsupported_image',
      kind
        ? `File type must be PNG or JPEG, but this file is ${kind} (whatever its name says). Please save it as PNG or JPEG and upload it again.`
        : 'File type must be PNG or JPEG, but the contents of this file are not a PNG or JPEG image (whatever its name says). Please save it as PNG or JPEG and upload it again.',
    );
  }
  // The header gives the size before any pixel is decoded: a pixel bomb costs nothing here. sharp's
  // own limit (268 megapixels) must be off for this header read, or a bigger bomb makes metadata()
  // fail, and the image would go to the queue unchecked.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(
      400,
      'unsupported_image',
      `This ${typeName[type]} image could not be read: its header is damaged. Please export or save it again and upload the new file.`,
    );
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_PIXELS) {
    throw new AppError(
      400,
      'unsupported_image',
      `The image is larger than ${MAX_PIXELS / 1e6} megapixels (${width} × ${height} pixels). Please scale it down and upload it again.`,
    );
  }
  return type;
}

/** The file's name must end as its type does: a JPEG named .png is refused. */
export function checkFileName(type: ImageType, fileName: string): void {
  const extension = /\.[^.]*$/.exec(fileName.toLowerCase())?.[0] ?? '';
  if (!extensions[type].includes(extension)) {
    throw new AppError(
      400,
      'invalid_request',
      `File type must match the file name: this file is a ${typeName[type]} image, so its name should end in ${extensions[type].join(' or ')}.`,
    );
  }
}
