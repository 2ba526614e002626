import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { useKey } from '../api-keys/keys.js';
import { findUserById, type UserRow } from '../auth/queries.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request of the developer API came with, and its owner. */
    apiKey: { id: string; user: UserRow } | null;
  }
}

/** Who is calling the API: the owner of the bearer key, or 401 with what to do. */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new AppError(
      401,
      'unauthorized',
      'Send your API key in the Authorization header: "Authorization: Bearer YOUR_KEY". Create a key on your account page.',
      { 'www-authenticate': 'Bearer' },
    );
  }
  const key = await useKey(deps.db, match[1] as string, deps.clock());
  const user = key && (await findUserById(deps.db, key.userId));
  if (!key || !user) {
    throw new AppError(
      401,
      'invalid_key',
      'This API key is not valid: it may have been revoked or mistyped. Check it, or create a new one on your account page.',
      { 'www-authenticate': 'Bearer error="invalid_token"' },
    );
  }
  request.apiKey = { id: key.id, user };
}
