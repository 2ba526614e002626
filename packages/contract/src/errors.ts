import { z } from 'zod';

/**
 * The codes `/api/v1` answers: a public API, documented in its OpenAPI document and the client's
 * `openapi.json`, so never renamed; new ones are added at the end.
 */
export const apiErrorCodes = [
  'unauthorized',
  'invalid_key',
  'plan_required',
  'payment_required',
  'invalid_request',
  'unsupported_image',
  'image_too_large',
  'url_not_allowed',
  'url_unreachable',
  'unsupported_media_type',
  'idempotency_key_reused',
  'not_found',
  'not_ready',
  'wrong_mode',
  'conversion_failed',
  'result_too_large',
  'gone',
  'rate_limited',
  'server_error',
  'unavailable',
] as const;

/**
 * The codes only the site answers: refused as another site's request or a spent link, a state
 * that clashes, a receipt link its holder ended.
 */
export const siteErrorCodes = ['forbidden', 'conflict', 'link_ended'] as const;

/** Every error's code, site and `/api/v1`: stable, for code to branch on (the message is for people). */
export const errorCodeSchema = z.enum([...apiErrorCodes, ...siteErrorCodes]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The body of every error response. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
}
