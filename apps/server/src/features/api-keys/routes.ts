import { type ApiKeyList, type CreatedApiKey, createApiKeySchema } from '@vectrace/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { notFound, parse } from '../../errors.js';
import { requireUser } from '../auth/identity.js';
import { createKey, listKeys, revokeKey } from './keys.js';

/** The account page's API keys: list, create (the secret shown once) and revoke. */
export async function apiKeyRoutes(app: FastifyInstance, { db, clock }: Deps): Promise<void> {
  app.get('/api/keys', async (request): Promise<ApiKeyList> => {
    return { keys: await listKeys(db, requireUser(request).id) };
  });

  app.post('/api/keys', async (request, reply): Promise<CreatedApiKey> => {
    const user = requireUser(request);
    const { name } = parse(createApiKeySchema, request.body);
    reply.code(201);
    return createKey(db, user.id, name, clock());
  });

  app.delete<{ Params: { id: string } }>('/api/keys/:id', async (request, reply) => {
    if (!(await revokeKey(db, requireUser(request).id, request.params.id))) throw notFound('API key');
    return reply.code(204).send();
  });
}
