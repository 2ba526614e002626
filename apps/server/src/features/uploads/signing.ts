import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

export interface UploadGrant {
  uploadId: string;
  /** Who may later convert it: the row's owner, bound into the signature. */
  owner: string;
  /** Unix time in ms. */
  expires: number;
  maxBytes: number;
}

/**
 * Whom a URL is issued to. A visitor's upload keeps its visitorId when they sign up, so a URL
 * issued before signing up still works after.
 */
export const issuedTo = (owner: { userId?: string | null; visitorId?: string | null }) =>
  owner.visitorId ? `v:${owner.visitorId}` : `u:${owner.userId}`;

const payload = (g: UploadGrant) => `upload\n${g.uploadId}\n${g.owner}\n${g.expires}\n${g.maxBytes}`;

/** HMAC-SHA256 over the upload id, owner, expiry and size limit. */
export function signUpload(secret: string, grant: UploadGrant): string {
  return createHmac('sha256', secret).update(payload(grant)).digest('base64url');
}

/** Whether the signature was made by this server for exactly this grant. */
export function verifyUpload(secret: string, grant: UploadGrant, signature: string): boolean {
  const expected = Buffer.from(signUpload(secret, grant));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
