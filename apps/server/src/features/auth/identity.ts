import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { Owner } from '../owner.js';
import { findUserById, type UserRow } from './queries.js';
import { sessionUserId } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie. */
    user: UserRow | null;
    /** The anonymous visitor, from the signed visitor cookie. */
    visitorId: string | null;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads who is asking from the cookies, on every request. */
export function installIdentity(app: FastifyInstance, { db, clock, cookies }: Deps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('visitorId', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[cookies.session.name];
    if (token) {
      const userId = await sessionUserId(db, token, clock());
      if (userId) request.user = (await findUserById(db, userId)) ?? null;
    }
    const visitor = request.cookies[cookies.visitor.name];
    if (visitor) {
      const unsigned = request.unsignCookie(visitor);
      if (unsigned.valid && unsigned.value && uuidPattern.test(unsigned.value))
        request.visitorId = unsigned.value;
    }
  });
}

/** The owner of the request's work; 401 if it has neither a session nor a visitor cookie. */
export function requireOwner(request: FastifyRequest): Owner {
  if (request.user) return { userId: request.user.id };
  if (request.visitorId) return { visitorId: request.visitorId };
  throw new AppError(401, 'Not signed in, and no conversions in this browser yet');
}

/** The owner of the request's work, making the caller a visitor (signed cookie) if it is neither. */
export function ensureOwner(request: FastifyRequest, reply: FastifyReply, { cookies }: Deps): Owner {
  if (request.user) return { userId: request.user.id };
  if (!request.visitorId) {
    request.visitorId = randomUUID();
    reply.setCookie(cookies.visitor.name, request.visitorId, cookies.visitor.options);
  }
  return { visitorId: request.visitorId };
}

/** The signed-in user; 401 with `message` otherwise. */
export function requireUser(request: FastifyRequest, message = 'Please sign in first'): UserRow {
  if (!request.user) throw new AppError(401, message);
  return request.user;
}
