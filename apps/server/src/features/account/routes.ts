import { changePasswordSchema, deleteAccountSchema } from '@vectrace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { revokeAllKeys } from '../api-keys/keys.js';
import { requireUser, userFirst } from '../auth/identity.js';
import { refuseWeakPassword } from '../auth/password-strength.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { findUserById } from '../auth/queries.js';
import { deleteOtherSessions } from '../auth/sessions.js';
import { routeLimits } from '../limits/index.js';
import { syncSubscription } from '../payments/fulfil.js';
import { deleteAccount } from './delete-account.js';
import { accountSummary } from './summary.js';

const wrongPassword = 'That is not your current password. Please type it again.';

/** The account page: its figures, password change, deletion, and cancelling or keeping Pro. */
export async function accountRoutes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, clock, cookies } = deps;
  // Each takes a password: bounded like logins, so that they cannot be used to guess one.
  const guarded = routeLimits(deps.config).accountPassword;

  app.get('/api/account', async (request) => accountSummary(db, requireUser(request), clock()));

  const withPassword = { ...guarded, ...userFirst() };
  app.post(
    '/api/account/password',
    { ...withPassword, schema: { body: changePasswordSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      if (!(await verifyPassword(user.password, input.currentPassword)))
        throw new AppError(400, 'invalid_request', wrongPassword);
      await refuseWeakPassword(input.newPassword, user);
      const password = await hashPassword(input.newPassword);
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ password }).where('id', '=', user.id).execute();
        // Anyone signed in elsewhere with the old password is signed out; this browser stays in.
        await deleteOtherSessions(tx, user.id, request.cookies[cookies.session.name] ?? '');
        // Keys made while the old password may have been known stop working too, unless declined.
        if (input.revokeApiKeys) await revokeAllKeys(tx, user.id);
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/account/delete',
    { ...withPassword, schema: { body: deleteAccountSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      if (!(await verifyPassword(user.password, input.password)))
        throw new AppError(400, 'invalid_request', wrongPassword);
      await deleteAccount(deps, user);
      reply.clearCookie(cookies.session.name, cookies.clear);
      return reply.code(204).send();
    },
  );

  const setCancel = (cancel: boolean) => async (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    if (!user.stripeSubscriptionId || user.planType !== 'pro') {
      throw new AppError(409, 'conflict', 'You have no Pro subscription to change.');
    }
    const subscription = await deps.payments.setCancelAtPeriodEnd(user.stripeSubscriptionId, cancel);
    await syncSubscription(deps, subscription, user.id);
    const updated = await findUserById(db, user.id);
    if (!updated) throw new AppError(404, 'not_found', 'This account no longer exists.');
    return accountSummary(db, updated, clock());
  };
  app.post('/api/subscription/cancel', guarded, setCancel(true));
  app.post('/api/subscription/resume', guarded, setCancel(false));
}
