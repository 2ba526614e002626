import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, type UploadTicket } from '@vectrace/contract';
import { sniffImageType } from '@vectrace/tracer/decode';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { ObjectTooLargeError, uploadKey } from '../../storage/object-store.js';
import { ensureOwner, requireOwner } from '../auth/identity.js';
import {
  claimUpload,
  findOwnedUpload,
  findUpload,
  insertUpload,
  recordUploadSize,
  releaseUpload,
} from './queries.js';
import { signUpload, UPLOAD_URL_TTL_MS, verifyUpload } from './signing.js';

// Whom the URL was issued to. A visitor's upload keeps its visitorId when they sign up, so a URL
// issued before signing up still works after.
const ownerTag = (owner: { userId?: string | null; visitorId?: string | null }) =>
  owner.visitorId ? `v:${owner.visitorId}` : `u:${owner.userId}`;
const tooLarge = () =>
  new AppError(413, `File is larger than ${MAX_UPLOAD_BYTES} bytes`, { connection: 'close' });

/** POST /api/objects/upload, the signed PUT, and GET /objects/uploads/{id}. */
export async function uploadRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, store, clock, config } = deps;

  app.post(
    '/api/objects/upload',
    { config: { rateLimit: { max: config.uploadsPerMinute, timeWindow: '1 minute' } } },
    async (request, reply): Promise<UploadTicket> => {
      const owner = ensureOwner(request, reply, deps);
      const id = randomUUID();
      await insertUpload(db, id, owner, clock());
      const expires = clock().getTime() + UPLOAD_URL_TTL_MS;
      const signature = signUpload(config.secret, {
        uploadId: id,
        owner: ownerTag(owner),
        expires,
        maxBytes: MAX_UPLOAD_BYTES,
      });
      const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
      return {
        uploadURL: `${base}/api/objects/uploads/${id}?expires=${expires}&signature=${signature}`,
        objectPath: `/objects/uploads/${id}`,
      };
    },
  );

  // The signed PUT: the URL is the capability (no cookie needed), its body streams to the store.
  await app.register(async (signed) => {
    signed.removeAllContentTypeParsers();
    signed.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    signed.put<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
      '/api/objects/uploads/:id',
      async (request) => {
        const upload = await authorize(request);
        const declared = Number(request.headers['content-length']);
        if (declared > MAX_UPLOAD_BYTES) throw tooLarge();
        if (!(await claimUpload(db, upload.id, clock()))) {
          throw new AppError(403, 'This upload link has already been used. Please upload the file again.');
        }
        const key = uploadKey(upload.id);
        try {
          const size = await store.write(key, request.raw, MAX_UPLOAD_BYTES);
          if (size === 0) {
            await store.delete(key);
            throw new AppError(400, 'The file is empty (0 bytes). Please choose an image file.');
          }
          await recordUploadSize(db, upload.id, size);
          return { objectPath: `/objects/uploads/${upload.id}` };
        } catch (err) {
          // Nothing was stored: the link may be used again.
          await releaseUpload(db, upload.id);
          if (err instanceof AppError) throw err;
          if (err instanceof ObjectTooLargeError) throw tooLarge();
          if (request.raw.destroyed || (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
            throw new AppError(400, 'The upload was interrupted. Please try again.');
          }
          throw err;
        }
      },
    );
  });

  async function authorize(
    request: FastifyRequest<{
      Params: { id: string };
      Querystring: { expires?: string; signature?: string };
    }>,
  ) {
    const invalid = new AppError(403, 'This upload link is not valid. Please upload the file again.');
    const { expires, signature } = request.query;
    const upload = await findUpload(db, request.params.id);
    if (!upload || !expires || !signature) throw invalid;
    const grant = {
      uploadId: upload.id,
      owner: ownerTag(upload),
      expires: Number(expires),
      maxBytes: MAX_UPLOAD_BYTES,
    };
    if (!verifyUpload(config.secret, grant, signature)) throw invalid;
    if (clock().getTime() > grant.expires) {
      throw new AppError(403, 'This upload link has expired. Please upload the file again.');
    }
    return upload;
  }

  // The owner's original, e.g. for the Original side of the preview.
  app.get<{ Params: { id: string } }>('/objects/uploads/:id', async (request, reply) => {
    const upload = await findOwnedUpload(db, request.params.id, requireOwner(request));
    if (!upload || upload.size === null || upload.deletedAt) throw notFound('Upload');
    const bytes = await store.read(uploadKey(upload.id));
    const type = sniffImageType(bytes);
    if (!type) throw notFound('Upload');
    return reply
      .type(`image/${type}`)
      .header('content-disposition', `attachment; filename="original.${type === 'png' ? 'png' : 'jpg'}"`)
      .send(bytes);
  });
}
