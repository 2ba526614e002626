import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath, type PagePath, pageMeta, publicPagePaths } from '@vectrace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { publicOrigin } from '../../public-origin.js';
import { pageHtml } from './page-html.js';

// Addresses the web app never owns: their misses stay JSON 404s.
const notPages = /^\/(api|objects)(\/|$)/;

/**
 * Serves the built web app's files, robots.txt and the sitemap; returns its index.html, or null
 * (and a warning) when it has not been built.
 */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<string | null> {
  const indexFile = join(config.webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir: config.webDir }, 'web app not built: serving the API only (npm run build)');
    return null;
  }
  const assets = join(config.webDir, 'assets');
  await app.register(fastifyStatic, {
    root: config.webDir,
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside each asset: served as they are, no compression per request.
    preCompressed: true,
    // Source maps hold the whole source: for development only.
    allowedPath: (path) => config.env !== 'production' || !path.endsWith('.map'),
    // Vite names every asset by its content hash: the same name never changes.
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /api/docs\nDisallow: /api/\nDisallow: /objects/\nDisallow: /checkout\nDisallow: /account\nDisallow: /sandbox/\nDisallow: /restore/\n\nSitemap: ${publicOrigin(request, config)}/sitemap.xml\n`,
      ),
  );
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = publicOrigin(request, config);
    const urls = publicPagePaths.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });
  return readFileSync(indexFile, 'utf8');
}

/**
 * A request for a page: GET or HEAD outside the API and object addresses (the API reference, a
 * page at /api/docs, aside), whatever it accepts.
 */
export function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0];
  return (
    (request.method === 'GET' || request.method === 'HEAD') && (!notPages.test(path) || isPagePath(path))
  );
}

/**
 * The app's index.html with the page's own title, description, canonical address and sharing
 * tags: 200 for the web app's pages, 404 for any other address (the app says so too).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  index: string,
  config: Config,
): FastifyReply {
  const path = request.url.split('?')[0];
  const known = isPagePath(path);
  const meta = known ? pageMeta[path as PagePath] : undefined;
  const html = pageHtml(index, {
    origin: publicOrigin(request, config),
    path: meta ? path : null,
    meta,
  });
  return reply
    .code(known ? 200 : 404)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html);
}
