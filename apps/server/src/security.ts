import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.js';
import { AppError } from './errors.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// The signed PUT's URL is its own credential, payment webhooks come from the provider, and the
// developer API is authorized by a bearer key, never by cookies.
const exempt = [/^\/api\/objects\/uploads\//, /^\/api\/stripe\/webhook(\?|$)/, /^\/api\/v1\//];

/** Security headers (CSP with the payment provider's hosts) and cross-site request refusal. */
export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Built once: @fastify/helmet rebuilt this middleware, parsing the CSP, on every request (a
  // tenth of the server's CPU time under polling load, measured with --cpu-prof).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // As frame-ancestors 'none', for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  // A JSON API authenticated by cookies: refuse state changes that another site initiated.
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || exempt.some((pattern) => pattern.test(request.url))) return;
    if (request.headers['sec-fetch-site'] === 'cross-site' || !sameOrigin(request, config)) {
      throw new AppError(403, 'forbidden', 'Requests from other sites are not allowed');
    }
  });
  // A form or text/plain body is what a cross-site form can send without a preflight: JSON only.
  app.removeContentTypeParser('text/plain');
}

function sameOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser's cross-origin request (curl, server to server)
  // Scheme, host and port must all match: http://host is another origin than https://host.
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}
