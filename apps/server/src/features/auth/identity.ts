import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { type Owner, requireOwner, signInFirst } from '../owner.js';
import { findUserById, type UserRow } from './queries.js';
import { sessionUserId } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie. */
    user: UserRow | null;
    /** The anonymous visitor, from the signed visitor cookie. */
    visitorId: string | null;
    /** A session cookie came with the request, but its session has ended (expired or signed out). */
    sessionEnded: boolean;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads who is asking from the cookies, on every request. */
export function installIdentity(app: FastifyInstance, { db, clock, cookies }: Deps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('visitorId', null);
  app.decorateRequest('sessionEnded', false);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[cookies.session.name];
    if (token) {
      const userId = await sessionUserId(db, token, clock());
      if (userId) request.user = (await findUserById(db, userId)) ?? null;
      request.sessionEnded = !request.user;
    }
    const visitor = request.cookies[cookies.visitor.name];
    if (visitor) {
      const unsigned = request.unsignCookie(visitor);
      if (unsigned.valid && unsigned.value && uuidPattern.test(unsigned.value))
        request.visitorId = unsigned.value;
    }
  });
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
  if (!request.user) throw signInFirst(request, message);
  return request.user;
}

/** Route options refusing a request without a user before its input is checked: 401 before 400. */
export const userFirst = (message?: string) => ({
  preValidation: async (request: FastifyRequest) => {
    requireUser(request, message);
  },
});

/** Route options refusing a request without an owner before its input is checked: 401 before 400. */
export const ownerFirst = {
  preValidation: async (request: FastifyRequest) => {
    requireOwner(request);
  },
};
