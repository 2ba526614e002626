import { createHash } from 'node:crypto';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The API reference at /api/docs: Scalar's page, drawn from /api/v1/openapi.json, with its
 * scripts served from here. Its one inline script (the page's settings) is allowed by its hash,
 * so the page keeps a strict Content-Security-Policy.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: {
      url: '/api/v1/openapi.json',
      pageTitle: 'Vectrace API reference',
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
      // Our reference only: no hosted assistant, developer tools or hosting offers.
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/docs') || typeof payload !== 'string' || !payload.includes('<script')) {
      return payload;
    }
    const hashes = [...payload.matchAll(inlineScript)].map(
      ([, body]) =>
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
    );
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header(
      'content-security-policy',
      csp.replace(/script-src ([^;]*)/, `script-src $1 ${hashes.join(' ')}`),
    );
    return payload;
  });
}
