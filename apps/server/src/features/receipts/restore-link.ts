import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature binds the link to one conversion with the server's secret (SESSION_SECRET, which
// also signs visitor cookies and upload URLs). It carries no expiry: the link works as long as the
// conversion's files are kept, and the conversion's own deletion ends it.
const signature = (secret: string, conversionId: string) =>
  createHmac('sha256', secret).update(`restore\n${conversionId}`).digest('base64url');

/** The receipt's link back to a paid conversion: `{origin}/restore/{id}?sig=...`. */
export function restoreLink(origin: string, secret: string, conversionId: string): string {
  return `${origin}/restore/${encodeURIComponent(conversionId)}?sig=${signature(secret, conversionId)}`;
}

/** Whether `sig` was made by this server for exactly this conversion. */
export function verifyRestore(secret: string, conversionId: string, sig: string): boolean {
  const expected = Buffer.from(signature(secret, conversionId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
