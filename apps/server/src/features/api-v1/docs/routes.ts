import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.js';
import { publicOrigin } from '../../../public-origin.js';
import { servedDocument } from '../openapi.js';

/** The API reference: a page of the web app, drawn in the browser from /api/v1/openapi.json. */
export const DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document, with the address this server is reached at, and the API reference. The
 * reference is served like every page of the site (features/web: its HTML, title and
 * description, under the site's Content-Security-Policy, no inline script). Here only its address
 * with a trailing slash, where links to the earlier reference pointed, is sent on to it.
 */
export function docsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async (request) =>
    servedDocument(app.swagger(), publicOrigin(request, deps.config), deps.config.publicUrl),
  );
  app.get(`${DOCS_PATH}/`, { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? DOCS_PATH : `${DOCS_PATH}${request.url.slice(query)}`, 301);
  });
}
