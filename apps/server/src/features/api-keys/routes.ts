import { type ApiKeyList, type CreatedApiKey, createApiKeySchema, idParamsSchema } from '@vectrace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { requireUser, userFirst } from '../auth/identity.js';
import { createKey, listKeys, revokeKey } from './keys.js';

/** The account page's API keys: list, create (the secret shown once) and revoke. */
export async function apiKeyRoutes(root: FastifyInstance, { db, clock }: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/keys', async (request): Promise<ApiKeyList> => {
    return { keys: await listKeys(db, requireUser(request).id) };
  });

  app.post(
    '/api/keys',
    { ...userFirst(), schema: { body: createApiKeySchema } },
    async (request, reply): Promise<CreatedApiKey> => {
      reply.code(201);
      return createKey(db, requireUser(request).id, request.body.name, clock());
    },
  );

  app.delete('/api/keys/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    if (!(await revokeKey(db, requireUser(request).id, request.params.id))) throw notFound('API key');
    return reply.code(204).send();
  });
}
