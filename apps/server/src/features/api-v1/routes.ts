import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { acceptedImageMimeTypes, MAX_UPLOAD_BYTES } from '@vectrace/contract';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { registerErrorHandler } from '../../errors.js';
import { apiLimits } from '../limits/api-keys.js';
import { exportLimits } from '../limits/export-limits.js';
import { apiAccountRoutes } from './account/routes.js';
import type { ApiDeps } from './api-deps.js';
import { authenticate } from './authenticate.js';
import { docsRoutes } from './docs/routes.js';
import { apiErrors } from './error-scope.js';
import { jobsRoutes } from './jobs/routes.js';
import { openApiOptions } from './openapi.js';
import { MAX_FIELD_BYTES } from './read-image.js';
import { vectorizeRoutes } from './vectorize/routes.js';

/**
 * The developer API, `/api/v1`: a bearer key instead of cookies, errors as `{ code, message }`,
 * per-key limits, and its OpenAPI document generated from the zod schemas that check requests.
 * Each resource has its routes and their schemas in its own folder.
 */
export async function apiV1Routes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  registerErrorHandler(app, apiErrors);
  await app.register(swagger, {
    ...openApiOptions(),
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 24, fieldSize: MAX_FIELD_BYTES },
  });
  // The raw image as the whole body, as a command line sends a file: refused past the image
  // limit from its Content-Length, before it is read (or as soon as a chunked body passes it).
  app.addContentTypeParser(
    [...acceptedImageMimeTypes, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  // A JSON body may carry image.base64: room for a whole image in base64. (A limit on the route
  // would also lift the raw image's.)
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_FIELD_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.decorateRequest('apiKey', null);
  const api: ApiDeps = {
    deps,
    take: apiLimits(root, deps.config),
    exportsOf: exportLimits(root, deps),
    withKey: { onRequest: (request) => authenticate(deps, request) },
  };

  vectorizeRoutes(root, api);
  jobsRoutes(root, api);
  apiAccountRoutes(root, api);
  docsRoutes(root, deps);
}
