import { MAX_PIXELS, MAX_UPLOAD_BYTES } from '@vectrace/contract';
import type { FileRejection } from 'react-dropzone';
import { formatSize } from './file-size';

/** PNG or JPEG by the file's first bytes, whatever its name says; null for anything else. */
export function imageTypeOf(head: Uint8Array): 'png' | 'jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => head[i] === byte)) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

/** Width and height from a PNG's header (IHDR), or null. */
export function pngSize(head: Uint8Array): { width: number; height: number } | null {
  if (head.length < 24) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * Why this file cannot be converted, in a sentence, or null when it can: checked in the drop zone
 * before anything is sent (the server checks again).
 */
export async function fileProblem(file: File): Promise<string | null> {
  if (file.size === 0) return 'The file is empty (0 bytes). Please choose an image file.';
  if (file.size > MAX_UPLOAD_BYTES)
    return `The file is larger than ${formatSize(MAX_UPLOAD_BYTES)} (${formatSize(file.size)}). Please choose a smaller image.`;
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const type = imageTypeOf(head);
  if (!type) {
    return 'This file is not a PNG or JPEG image, whatever its name says. Please save it as PNG or JPEG and choose it again.';
  }
  const size = type === 'png' ? pngSize(head) : null;
  if (size && size.width * size.height > MAX_PIXELS) {
    return `The image is larger than ${MAX_PIXELS / 1e6} megapixels (${size.width} × ${size.height} pixels). Please scale it down and choose it again.`;
  }
  return null;
}

/** The drop zone's reason for refusing a file, in words and sizes a person reads (sizes in MB: issue 25). */
export function rejectionMessage(rejections: FileRejection[]): string {
  const rejection = rejections[0];
  const error = rejection?.errors[0];
  if (!error) return 'This file cannot be uploaded';
  if (error.code === 'file-invalid-type') return 'File type must be PNG, JPG or JPEG';
  if (error.code === 'file-too-large') {
    return `File is larger than ${formatSize(MAX_UPLOAD_BYTES)} (${formatSize(rejection.file.size)}): please scale it down or compress it`;
  }
  return error.message;
}
