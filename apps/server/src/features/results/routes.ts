import { downloadFileName, downloadQuerySchema, idParamsSchema, zipQuerySchema } from '@vectrace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ownerFirst } from '../auth/identity.js';
import { ownedConversion } from '../conversions/owned-conversion.js';
import { exportLimits } from '../limits/export-limits.js';
import { ownerKeyOf, requireOwner } from '../owner.js';
import {
  assertResultAvailable,
  canDownload,
  downloadHeaders,
  readPaidVector,
  resultFile,
  streamPaidVector,
  svgDownloadHeaders,
  writtenInWorker,
} from './download.js';
import { previewQuerySchema } from './preview-region.js';
import { previewsOf } from './previews.js';
import { thumbnailOf } from './thumbnail.js';
import { zipOfResults } from './zip.js';

const byId = { schema: { params: idParamsSchema } };

/** A conversion's results: thumbnail, previews, downloads and ZIPs. Every route is for the owner only. */
export async function resultRoutes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const owned = (request: FastifyRequest, id: string) => ownedConversion(db, request, id);

  app.get('/api/conversions/:id/thumbnail', byId, async (request, reply) => {
    const row = await owned(request, request.params.id);
    return reply
      .type('image/png')
      .header('cache-control', 'private, max-age=86400')
      .send(await thumbnailOf(deps, row));
  });

  // Without a query: the whole result, 1024 px. With x, y, w, h and scale: that region, as the
  // viewer asks for it to show sharp edges at any zoom. Drawn in worker threads, once each.
  const preview = previewsOf(deps, deps.files);
  // Files written in another format or size, and previews: per owner, so many a minute.
  const limits = exportLimits(app, deps);
  const previewRequest = {
    ...ownerFirst,
    schema: { params: idParamsSchema, querystring: previewQuerySchema },
  };
  app.get('/api/preview/:id', previewRequest, async (request, reply) => {
    const owner = requireOwner(request);
    const row = await owned(request, request.params.id);
    await limits.preview(request);
    assertResultAvailable(row, config);
    const marked = !(await canDownload(deps, row));
    const png = await preview(row, owner, request.query, marked);
    return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
  });

  const downloadRequest = { schema: { params: idParamsSchema, querystring: downloadQuerySchema } };
  app.get('/api/download/:id', downloadRequest, async (request, reply) => {
    const { query } = request;
    const row = await owned(request, request.params.id);
    const headers = downloadHeaders(
      query.format,
      downloadFileName(query.format, row.originalFileName, query),
    );
    if (!writtenInWorker(query)) {
      return reply.headers(headers).send(await streamPaidVector(deps, row));
    }
    const svg = await readPaidVector(deps, row);
    const release = await limits.export(request);
    try {
      const file = await resultFile(deps, svg, query, false, ownerKeyOf(requireOwner(request)));
      return reply.headers(headers).send(file);
    } finally {
      release();
    }
  });

  // "Download all": several results in one ZIP, streamed as each file is written.
  app.get('/api/downloads/zip', { schema: { querystring: zipQuerySchema } }, async (request, reply) => {
    const { query } = request;
    await limits.zip(request);
    const zip = await zipOfResults(deps, requireOwner(request), query, (err) =>
      request.log.error({ err }, 'ZIP cut off: a file of it could not be written'),
    );
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${zip.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(zip.stream);
  });

  // The result's object path (vectorFileUrl): the same gate as the download.
  app.get(
    '/objects/vectors/:file',
    { schema: { params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const row = await owned(request, request.params.file.replace(/\.svg$/, ''));
      const headers = svgDownloadHeaders(downloadFileName('svg', row.originalFileName));
      return reply.headers(headers).send(await streamPaidVector(deps, row));
    },
  );
}
