import type { UploadTicket } from '@vectrace/contract';
import { imageTypeExtensions, MAX_PIXELS } from '@vectrace/tracer';
import { sniffImageType } from '@vectrace/tracer/decode';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { publicOrigin } from '../../public-origin.js';
import { uploadKey } from '../../storage/object-store.js';
import { ensureOwner } from '../auth/identity.js';
import { routeLimits } from '../limits/index.js';
import { requireOwner } from '../owner.js';
import { issueUpload } from './issue-upload.js';
import { findOwnedUpload } from './queries.js';
import { receiveUpload } from './receive-upload.js';

type SignedPutRequest = { Params: { id: string }; Querystring: { expires?: string; signature?: string } };

/** POST /api/objects/upload, the signed PUT, and GET /objects/uploads/{id}. */
export async function uploadRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, store, config } = deps;

  app.post(
    '/api/objects/upload',
    routeLimits(config).upload,
    async (request, reply): Promise<UploadTicket> => {
      const owner = ensureOwner(request, reply, deps);
      return issueUpload(deps, owner, publicOrigin(request, config));
    },
  );

  // The signed PUT: the URL is the capability (no cookie needed), its body streams to the store.
  await app.register(async (signed) => {
    signed.removeAllContentTypeParsers();
    signed.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    // An answer before the whole body arrived (refused, or the store failed mid-file) ends the
    // connection: the rest of the body is not read, so the connection cannot carry another request.
    signed.addHook('onSend', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    signed.put<SignedPutRequest>('/api/objects/uploads/:id', (request) =>
      receiveUpload(deps, {
        uploadId: request.params.id,
        expires: request.query.expires,
        signature: request.query.signature,
        body: request.raw,
      }),
    );
  });

  // The owner's original, e.g. for the Original side of the preview.
  app.get<{ Params: { id: string } }>('/objects/uploads/:id', async (request, reply) => {
    const upload = await findOwnedUpload(db, request.params.id, requireOwner(request));
    if (!upload || upload.size === null || upload.deletedAt) throw notFound('Upload');
    const bytes = await store.read(uploadKey(upload.id));
    const type = sniffImageType(bytes);
    if (!type) throw notFound('Upload');
    if (type === 'tiff') {
      // Browsers but Safari show no TIFF: the preview gets it as PNG, upright. The upload never
      // changes, so the browser may keep it.
      const png = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient().png().toBuffer();
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'attachment; filename="original.png"')
        .send(png);
    }
    return reply
      .type(`image/${type}`)
      .header('content-disposition', `attachment; filename="original${imageTypeExtensions[type][0]}"`)
      .send(bytes);
  });
}
