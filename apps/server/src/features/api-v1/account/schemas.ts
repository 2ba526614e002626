import { z } from 'zod';

const used = z.object({
  limit: z.number().int().nullable().describe('The most allowed; null when not capped (Pro).'),
  used: z.number().int().describe('Used in the current window.'),
  remaining: z.number().int().nullable().describe('What is left; null when not capped.'),
});

/** `GET /api/v1/account`: the key's account, its plan, and its limits with what is left. */
export const accountSchema = z
  .object({
    username: z.string(),
    plan: z.enum(['free', 'pro']).describe('`pro` makes live calls; `free` makes test calls.'),
    proUntil: z.string().nullable().describe('When a cancelled Pro plan ends (ISO 8601).'),
    perKeyPerMinute: z
      .object({
        live: z.number().int().describe('Live calls of this key a minute.'),
        test: z.number().int().describe('Test calls of this key a minute.'),
        reads: z.number().int().describe('Reads of jobs and results a minute.'),
      })
      .describe('Each answer tells what is left in its RateLimit-* headers.'),
    quotas: z
      .object({
        tracesThisMinute: used,
        tracesThisHour: used,
        imagesThisHour: used,
        resultsKept: used,
      })
      .describe('The account’s conversions across keys and the site; Pro is not capped.'),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;
