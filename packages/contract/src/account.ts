import { z } from 'zod';
import { newPasswordSchema } from './auth.js';
import type { PlanType } from './plans.js';

/** The Pro subscription as the account page shows it. */
export interface SubscriptionSummary {
  /** The provider's status: active, past_due, canceled... */
  status: string;
  /** True once cancelled: Pro lasts until `currentPeriodEnd`, then ends. */
  cancelAtPeriodEnd: boolean;
  /** End of the period paid for (ISO-8601): the renewal date, or the end date once cancelled. */
  currentPeriodEnd: string | null;
}

/** `GET /api/account`: the signed-in user's plan and usage. */
export interface AccountSummary {
  username: string;
  email: string;
  planType: PlanType;
  subscription: SubscriptionSummary | null;
  /** Conversions started since the first of this month (UTC). */
  conversionsThisMonth: number;
  createdAt: string;
}

/** `POST /api/account/password`. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Your current password is required' })
    .min(1, 'Your current password is required'),
  newPassword: newPasswordSchema('A new password is required'),
  /** Also revoke every API key of the account (on unless sent as false). */
  revokeApiKeys: z.boolean({ error: 'revokeApiKeys must be true or false' }).default(true),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** `POST /api/account/delete`: the password confirms; the account, its files and its sessions go. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Your password is required' }).min(1, 'Your password is required'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
