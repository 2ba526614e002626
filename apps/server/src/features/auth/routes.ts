import { randomUUID } from 'node:crypto';
import {
  loginSchema,
  registerSchema,
  type SessionAnswer,
  type UnlockAnswer,
  unlockSchema,
} from '@vectrace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { publicOrigin } from '../../public-origin.js';
import { routeLimits } from '../limits/index.js';
import { requireUser } from './identity.js';
import { knowsAccount, rememberAccount } from './known-browsers.js';
import { sendKnownEmailMail } from './known-email-mail.js';
import { refuseWeakPassword } from './password-strength.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  adoptVisitorWork,
  findUserByEmail,
  findUserByUsername,
  insertUser,
  toPublicUser,
  type UserRow,
  unclaimedPlaceholder,
  usernameKeyOf,
  usernameTaken,
} from './queries.js';
import { createSession, deleteSession } from './sessions.js';
import { AccountTargetedError, beginLoginAttempt, clearLoginFailures } from './throttle.js';
import { checkUnlockToken } from './unlock-link.js';
import { sendUnlockMail } from './unlock-mail.js';

const usernameTakenMessage = 'This username is already taken. Please choose another one.';

/** GET /api/user, GET /api/session, POST /api/register, /api/login, /api/login/unlock, /api/logout. */
export async function authRoutes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, clock, cookies } = deps;
  const limits = routeLimits(deps.config);

  // A fresh session id at every sign-in; the one presented before is destroyed (fixation).
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    rememberAccount(request, reply, cookies, user.usernameKey);
    const previous = request.cookies[cookies.session.name];
    if (previous) await deleteSession(db, previous);
    const token = await createSession(db, user.id, clock());
    reply.setCookie(cookies.session.name, token, cookies.session.options);
    if (request.visitorId) {
      await adoptVisitorWork(db, request.visitorId, user.id);
      reply.clearCookie(cookies.visitor.name, cookies.clear);
    }
    return toPublicUser(user);
  }

  app.get('/api/user', async (request) => toPublicUser(requireUser(request, 'Not signed in')));

  // The web app's question on every page load: a visitor is an answer, not an error (a 401 here
  // would be logged by the browser on every anonymous visit).
  app.get(
    '/api/session',
    async (request): Promise<SessionAnswer> => ({
      user: request.user ? toPublicUser(request.user) : null,
    }),
  );

  app.post(
    '/api/register',
    // Only these three fields are read: planType, conversionsLimit and the like are ignored.
    { ...limits.register, schema: { body: registerSchema } },
    async (request, reply) => {
      const input = request.body;
      const email = input.email.trim().toLowerCase();
      await refuseWeakPassword(input.password, { username: input.username, email });
      const taken = () => new AppError(409, 'conflict', usernameTakenMessage);
      if (await usernameTaken(db, input.username)) throw taken();
      const password = await hashPassword(input.password);
      // An address that is another account's answers as any other (sign-up tells no one which
      // addresses have accounts): the account is made without it, and its owner is told by mail.
      const make = async (unclaimed: boolean) => {
        const id = randomUUID();
        const address = unclaimed ? { email: unclaimedPlaceholder(id), unclaimedEmail: email } : { email };
        return insertUser(db, {
          id,
          username: input.username,
          password,
          createdAt: clock().toISOString(),
          ...address,
        });
      };
      let owner = await findUserByEmail(db, email);
      let user: UserRow;
      try {
        user = await make(owner !== undefined);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (await usernameTaken(db, input.username)) throw taken();
        // The address became an account's meanwhile (two sign-ups with it at once).
        owner = await findUserByEmail(db, email);
        user = await make(true);
      }
      if (owner) sendKnownEmailMail(deps, owner, publicOrigin(request, deps.config));
      reply.code(201);
      return signIn(request, reply, user);
    },
  );

  app.post('/api/login', { schema: { body: loginSchema } }, async (request, reply) => {
    const input = request.body;
    const key = usernameKeyOf(input.username);
    // Counted as a failure from here on, unless the password turns out right (see throttle.ts).
    const knownBrowser = knowsAccount(request, cookies, key);
    try {
      await beginLoginAttempt(db, { usernameKey: key, ip: request.ip, knownBrowser }, clock());
    } catch (err) {
      // The owner may be the one refused, on a new browser: the mail gives them a way in.
      if (err instanceof AccountTargetedError) sendUnlockMail(deps, key, publicOrigin(request, deps.config));
      throw err;
    }
    const user = await findUserByUsername(db, input.username);
    // Unknown users cost the same hash as a wrong password, and get the same answer.
    if (!(await verifyPassword(user?.password, input.password)) || !user) {
      throw new AppError(401, 'unauthorized', 'Invalid username or password');
    }
    await clearLoginFailures(db, key, request.ip);
    return signIn(request, reply, user);
  });

  // The e-mailed link, opened in any browser: that browser may now try the account's password
  // while strangers are refused. It does not sign in: a leaked mail is not a login.
  app.post(
    '/api/login/unlock',
    { ...limits.unlock, schema: { body: unlockSchema } },
    async (request, reply): Promise<UnlockAnswer> => {
      const { token } = request.body;
      const checked = checkUnlockToken(deps.config.secret, token, clock());
      if (!checked.ok && checked.reason === 'expired') {
        throw new AppError(
          403,
          'forbidden',
          'This sign-in link has expired: links work for an hour. Log in from this browser again; while the account is still refusing new browsers, another link is e-mailed to its owner (at most one every 15 minutes).',
        );
      }
      const user = checked.ok ? await findUserByUsername(db, checked.usernameKey) : undefined;
      if (!user) {
        throw new AppError(
          400,
          'invalid_request',
          "This sign-in link isn't valid: it may have been cut short or changed. Open the link exactly as it is in the e-mail, or copy the whole of it into the address bar.",
        );
      }
      rememberAccount(request, reply, cookies, user.usernameKey);
      return {
        username: user.username,
        message: `This browser can now sign in to ${user.username}. Enter your password.`,
      };
    },
  );

  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[cookies.session.name];
    if (token) await deleteSession(db, token);
    reply.clearCookie(cookies.session.name, cookies.clear);
    return { message: 'Logged out' };
  });
}
