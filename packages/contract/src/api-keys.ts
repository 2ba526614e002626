import { z } from 'zod';

/** An API key as its owner sees it: never the secret, which is shown once, at creation. */
export interface ApiKey {
  id: string;
  name: string;
  /** The key's first characters (`vt_3f9a…`), to tell keys apart. */
  prefix: string;
  createdAt: string;
  /** When a request last used the key; null if never. */
  lastUsedAt: string | null;
}

/** `GET /api/keys`. */
export interface ApiKeyList {
  keys: ApiKey[];
}

/** `POST /api/keys`: the new key, and its secret, which is never shown again. */
export interface CreatedApiKey {
  key: ApiKey;
  secret: string;
}

/** Keys one account may hold at once. */
export const MAX_API_KEYS = 10;

export const createApiKeySchema = z.object({
  name: z
    .string({ error: 'Please name the key' })
    .trim()
    .min(1, 'Please name the key')
    .max(60, 'The name must be at most 60 characters'),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
