import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@vectrace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

// Addresses the web app never owns: their misses stay JSON 404s.
const notPages = /^\/(api|objects)(\/|$)/;

/** Serves the built web app's files; false (and a warning) when it has not been built. */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<boolean> {
  if (!existsSync(join(config.webDir, 'index.html'))) {
    app.log.warn({ webDir: config.webDir }, 'web app not built: serving the API only (npm run build)');
    return false;
  }
  const assets = join(config.webDir, 'assets');
  await app.register(fastifyStatic, {
    root: config.webDir,
    index: false,
    wildcard: false,
    // Vite names every asset by its content hash: the same name never changes.
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

/** A browser asking for a page: GET or HEAD for HTML, outside the API and object addresses. */
export function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !notPages.test(request.url.split('?')[0]) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** The app's index.html: 200 for the spec's pages, 404 for any other address (the app says so too). */
export function sendPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = isPagePath(request.url.split('?')[0]);
  return reply
    .code(known ? 200 : 404)
    .header('cache-control', 'no-cache')
    .sendFile('index.html');
}
