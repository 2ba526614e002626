import type { FastifyInstance } from 'fastify';

/** The API reference: a page of the web app, drawn in the browser from /api/v1/openapi.json. */
export const DOCS_PATH = '/api/docs';

/**
 * The API reference is served like every page of the site (features/web: its HTML, title and
 * description, under the site's Content-Security-Policy, no inline script). Here only its address
 * with a trailing slash, where links to the earlier reference pointed, is sent on to it.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  app.get(`${DOCS_PATH}/`, { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? DOCS_PATH : `${DOCS_PATH}${request.url.slice(query)}`, 301);
  });
}
