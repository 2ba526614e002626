import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { ObjectTooLargeError, StorageUnavailableError, uploadKey } from '../../storage/object-store.js';
import { checkImage } from './check-image.js';
import {
  claimUpload,
  findUpload,
  recordUploadSize,
  releaseUpload,
  renewUpload,
  type UploadRow,
} from './queries.js';
import { issuedTo, verifyUpload } from './signing.js';

export interface SignedPut {
  uploadId: string;
  expires?: string;
  signature?: string;
  /** The request, read as the body streams in. */
  body: IncomingMessage;
}

const tooLarge = () => new AppError(413, 'image_too_large', TOO_LARGE, { connection: 'close' });

/** What a person reads when a file is over the limit: in megabytes, with what to do. */
export const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please scale it down or compress it and try again.`;

/** How long a PUT holds its URL past its last sign of life: a retry after a crash waits this. */
export const UPLOAD_LEASE_MS = 15_000;
const RENEW_EVERY_MS = UPLOAD_LEASE_MS / 3;

/**
 * Stores the body of a signed PUT: the URL must be this server's, unexpired and unused; the body
 * streams to the store and reading stops past the size limit; what arrived must be an image we accept
 * within the pixel limit. A PUT that stores nothing leaves the URL usable (at once, or once its
 * hold lapses if its process died); a file whose owner is gone by the end is deleted, not kept.
 */
export async function receiveUpload(deps: Deps, put: SignedPut): Promise<{ objectPath: string }> {
  const { db, store, clock } = deps;
  const upload = await authorize(deps, put);
  if (Number(put.body.headers['content-length']) > MAX_UPLOAD_BYTES) throw tooLarge();
  if (!(await claimUpload(db, upload.id, clock(), UPLOAD_LEASE_MS))) throw await notFree(deps, upload.id);
  const renew = setInterval(() => {
    renewUpload(db, upload.id, clock()).catch(() => {});
  }, RENEW_EVERY_MS);
  const key = uploadKey(upload.id);
  try {
    const size = await store.write(key, put.body, MAX_UPLOAD_BYTES);
    if (size === 0) {
      await store.delete(key);
      throw new AppError(400, 'invalid_request', 'The file is empty (0 bytes). Please choose an image file.');
    }
    // A file that is no image, or too large an image, is refused now, not at Convert.
    await checkImage(await store.read(key)).catch(async (err) => {
      await store.delete(key);
      throw err;
    });
    if (!(await recordUploadSize(db, upload.id, size))) {
      await store.delete(key);
      throw new AppError(
        410,
        'gone',
        'This upload was cancelled while the file arrived (its account was deleted), so the file was not kept.',
      );
    }
    return { objectPath: `/objects/uploads/${upload.id}` };
  } catch (err) {
    await releaseUpload(db, upload.id).catch(() => {});
    if (err instanceof AppError || err instanceof StorageUnavailableError) throw err;
    if (err instanceof ObjectTooLargeError) throw tooLarge();
    if (put.body.destroyed || (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw new AppError(400, 'invalid_request', 'The upload was interrupted. Please try again.');
    }
    throw err;
  } finally {
    clearInterval(renew);
  }
}

/** Why the URL cannot take this PUT: its file is stored already, or another PUT is storing it. */
async function notFree({ db }: Deps, id: string): Promise<AppError> {
  const upload = await findUpload(db, id);
  if (!upload || upload.size !== null || upload.deletedAt !== null) {
    return new AppError(
      403,
      'forbidden',
      'This upload link has already been used. Please upload the file again.',
    );
  }
  const seconds = Math.ceil(UPLOAD_LEASE_MS / 1000);
  // 403 as for a used link (one PUT per link), with when the link is free again should it stop.
  return new AppError(
    403,
    'forbidden',
    `This upload link is in use by an upload still in progress. If that upload stopped, try again in ${seconds} seconds.`,
    { 'retry-after': String(seconds) },
  );
}

async function authorize({ db, clock, config }: Deps, put: SignedPut): Promise<UploadRow> {
  const invalid = new AppError(
    403,
    'forbidden',
    'This upload link is not valid. Please upload the file again.',
  );
  const upload = await findUpload(db, put.uploadId);
  if (!upload || !put.expires || !put.signature) throw invalid;
  const grant = {
    uploadId: upload.id,
    owner: issuedTo(upload),
    expires: Number(put.expires),
    maxBytes: MAX_UPLOAD_BYTES,
  };
  if (!verifyUpload(config.secret, grant, put.signature)) throw invalid;
  if (clock().getTime() > grant.expires) {
    throw new AppError(403, 'forbidden', 'This upload link has expired. Please upload the file again.');
  }
  return upload;
}
