import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature binds the link to one conversion with the server's secret (SESSION_SECRET, which
// also signs visitor cookies and upload URLs), and to its upload's link generation: ending the
// links (endLinks) counts it up, and every link signed before answers 410. It carries no expiry:
// the link works as long as the conversion's files are kept, and the conversion's own deletion
// ends it. Generation 0 signs as links did before links could be ended.
const signature = (secret: string, conversionId: string, generation: number) =>
  createHmac('sha256', secret)
    .update(generation === 0 ? `restore\n${conversionId}` : `restore\n${conversionId}\n${generation}`)
    .digest('base64url');

/** The receipt's link back to a paid conversion: `{origin}/restore/{id}?sig=...`. */
export function restoreLink(
  origin: string,
  secret: string,
  conversionId: string,
  generation: number,
): string {
  return `${origin}/restore/${encodeURIComponent(conversionId)}?sig=${signature(secret, conversionId, generation)}`;
}

/** Ended links told apart from forged ones: the most recent this many (older ones are simply refused). */
const MAX_ENDED = 100;

/**
 * What `sig` is for this conversion: its current link, one its owner ended (signed for an
 * earlier generation), or nothing this server made.
 */
export function linkState(
  secret: string,
  conversionId: string,
  sig: string,
  generation: number,
): 'current' | 'ended' | 'invalid' {
  const given = Buffer.from(sig);
  const made = (g: number) => {
    const expected = Buffer.from(signature(secret, conversionId, g));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  if (made(generation)) return 'current';
  for (let g = generation - 1; g >= Math.max(0, generation - MAX_ENDED); g--) if (made(g)) return 'ended';
  return 'invalid';
}
