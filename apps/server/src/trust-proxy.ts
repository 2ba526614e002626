import ipaddr from 'ipaddr.js';

/**
 * Which proxies in front of the server are trusted to say the client's address in
 * X-Forwarded-For: none (false), the nearest N hops (a number), or those at these addresses and
 * ranges. Fastify's `trustProxy` takes each form; the client's address is then the first entry,
 * counted from the right, that was not added by a trusted proxy, so entries a client forges on
 * the left never count.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the private ranges, accepted beside addresses and CIDR ranges. */
const named = new Set(['loopback', 'linklocal', 'uniquelocal']);

const validEntry = (entry: string) => {
  if (named.has(entry) || ipaddr.isValid(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
};

/** TRUST_PROXY's value read: `false`, a hop count, or a comma-separated list; throws a sentence. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new Error(
      '"true" would take an address any client can write into X-Forwarded-For; set the number of proxies in front of the server (1 for one load balancer) or their addresses',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !validEntry(entry));
  if (wrong.length) {
    throw new Error(
      `must be false, a number of proxies (such as 1) or their addresses and CIDR ranges separated by commas (such as 10.0.0.0/8,192.168.1.20); not ${wrong.join(', ')}`,
    );
  }
  return entries;
}

/**
 * Fastify's form of the setting. A hop count becomes a function (Fastify trusts no one for a bare
 * number): the socket's peer and the next N-1 addresses to its left are the trusted proxies, as
 * Express reads `trust proxy = N`. It suits servers reachable through the proxies only; a server
 * clients can also reach directly should list the proxies' addresses instead.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
