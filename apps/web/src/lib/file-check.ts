import { acceptedImageWords, MAX_PIXELS, MAX_UPLOAD_BYTES } from '@vectrace/contract';
import type { FileRejection } from 'react-dropzone';
import { formatSize } from './file-size';

type ImageType = 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp' | 'tiff';

/** An image type we accept by the file's first bytes, whatever its name says; null for anything else. */
export function imageTypeOf(head: Uint8Array): ImageType | null {
  const bytes = (start: number, ...expected: number[]) =>
    expected.every((byte, i) => head[start + i] === byte);
  const text = (start: number, expected: string) =>
    bytes(start, ...[...expected].map((char) => char.charCodeAt(0)));
  if (bytes(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (text(0, 'RIFF') && text(8, 'WEBP')) return 'webp';
  if (text(0, 'GIF87a') || text(0, 'GIF89a')) return 'gif';
  if (text(0, 'II*\0') || text(0, 'MM\0*')) return 'tiff';
  // "BM", the file size, then four reserved zero bytes.
  if (text(0, 'BM') && bytes(6, 0, 0, 0, 0)) return 'bmp';
  return null;
}

/** Whether browsers show the file as it is: all the accepted types but TIFF (only Safari shows it). */
export async function browsersShow(file: File): Promise<boolean> {
  return imageTypeOf(new Uint8Array(await file.slice(0, 16).arrayBuffer())) !== 'tiff';
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
    return 'This file is not a PNG, JPEG, WebP, GIF, BMP or TIFF image, whatever its name says. Please save it as PNG or JPEG and choose it again.';
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
  if (error.code === 'file-invalid-type') return `File type must be ${acceptedImageWords}`;
  if (error.code === 'file-too-large') {
    return `File is larger than ${formatSize(MAX_UPLOAD_BYTES)} (${formatSize(rejection.file.size)}): please scale it down or compress it`;
  }
  return error.message;
}
