/** Largest upload, in bytes (spec section 9: 10MB). */
export const MAX_UPLOAD_BYTES = 10_485_760;

/**
 * What the upload zone accepts: MIME types and their extensions (spec section 5's PNG and JPEG,
 * and the WebP, GIF, BMP and TIFF the engine reads too).
 */
export const acceptedImageTypes = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'image/bmp': ['.bmp'],
  'image/tiff': ['.tif', '.tiff'],
} as const;

/** The MIME types of the images we accept, as a raw body's Content-Type names them. */
export const acceptedImageMimeTypes = Object.keys(acceptedImageTypes) as (keyof typeof acceptedImageTypes)[];

/** The accepted types as the upload zone names them (the spec's "PNG, JPG or JPEG", and more). */
export const acceptedImageWords = 'PNG, JPG, JPEG, WebP, GIF, BMP or TIFF';

/** Files the upload zone ignores (spec section 5). */
export const ignoredFileNames = ['.DS_Store', 'Thumbs.db'] as const;

/** The answer of `POST /api/objects/upload`. */
export interface UploadTicket {
  /** Signed, single-use, expiring address to PUT the raw file to. */
  uploadURL: string;
  /** The stable path that names the object in `POST /api/conversions`. */
  objectPath: string;
}

/**
 * The stable object path (`/objects/uploads/{id}`) of a signed upload address, derived from
 * the private upload path in its URL (spec section 3, "Upload result"); undefined if it has none.
 */
export function stableObjectPath(uploadURL: string): string | undefined {
  const path = new URL(uploadURL, 'http://localhost').pathname;
  const match = /\/uploads\/([^/]+)$/.exec(path);
  return match ? `/objects/uploads/${match[1]}` : undefined;
}
