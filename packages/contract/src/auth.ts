import { z } from 'zod';

/**
 * A new password: 8 to 100 characters, kept and compared exactly as typed, so not only spaces and
 * no space at either end (one typed by mistake there would not be typed again at login).
 */
export const newPasswordSchema = (required: string) =>
  z
    .string({ error: required })
    .min(8, 'Password must be at least 8 characters')
    .max(100, 'Password must be at most 100 characters')
    .refine((password) => password.trim() !== '', 'Password cannot be only spaces')
    .refine(
      (password) => password.trim() === '' || password.trim() === password,
      'Password cannot start or end with a space',
    );

/**
 * Why a new password is refused when it is easy to guess (judged by its strength: repeats,
 * sequences, common passwords and words, the username, e-mail and product name in it).
 */
export const weakPasswordMessage =
  'This password is easy to guess. Choose a longer one, such as a few unrelated words, with nothing about you or Vectrace in it.';

/** An e-mail address as the spec checks it: at most 255 characters, of a valid form. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .max(255, 'Email must be at most 255 characters')
  .pipe(z.email('Invalid email format'));

/** Sign-up fields as the server receives them (spec section 5). */
export const registerSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Username can only contain letters, numbers, hyphens, and underscores'),
  email: emailSchema,
  password: newPasswordSchema('Password is required'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form: the same fields plus a confirmation, which is never sent. */
export const signUpFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** The login form (spec section 5). */
export const loginFormSchema = z.object({
  username: z.string().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Login as the server reads it: username trimmed, at most 50; password exactly as typed, at most 100. */
export const loginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(50, 'Username must be at most 50 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(100, 'Password must be at most 100 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/login/unlock: the token of the e-mailed link that lets a new browser sign in. */
export const unlockSchema = z.object({
  token: z
    .string({ error: 'The link has no token' })
    .min(1, 'The link has no token')
    .max(300, 'The link is too long'),
});

/** What opening the link did: this browser may now sign in to `username` (with its password). */
export interface UnlockAnswer {
  username: string;
  message: string;
}

/** The signed-in user as every call returns it: never the password or payment ids. */
export interface PublicUser {
  id: string;
  username: string;
  email: string;
  planType: 'free' | 'pro';
  conversionsUsed: number;
  conversionsLimit: number;
  createdAt: string;
}

/**
 * GET /api/session: who is signed in in this browser, `null` for a visitor. Unlike GET /api/user
 * it answers 200 either way, so a visitor's page load logs no failed request.
 */
export interface SessionAnswer {
  user: PublicUser | null;
}

/** What a request with a session that has ended (expired, or signed out elsewhere) is told, on both sides. */
export const sessionEndedMessage = 'Your session has ended. Sign in again to continue.';
