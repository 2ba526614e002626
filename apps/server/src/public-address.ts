import ipaddr from 'ipaddr.js';

/** Addresses an image URL may reach although they are not public: `10.0.0.0/8`, `127.0.0.1`. */
export type AddressAllowance = ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

/** Reads `IMAGE_URL_ALLOW`: addresses and CIDR ranges, separated by commas. */
export function parseAllowance(list: string): AddressAllowance {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const cidr = item.includes('/') ? item : `${item}/${ipaddr.parse(item).kind() === 'ipv4' ? 32 : 128}`;
      return ipaddr.parseCIDR(cidr);
    });
}

/**
 * Whether an image URL may reach this address: only public unicast addresses, so that a URL
 * cannot make the server read its own loopback, a private network or the cloud's metadata
 * service (169.254.169.254). An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as
 * IPv4; every special range ipaddr.js knows (loopback, private, link-local, carrier-grade NAT,
 * unique local, multicast, reserved, 6to4, Teredo, NAT64...) is refused.
 */
export function mayReach(address: string, allowance: AddressAllowance = []): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (allowance.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))) return true;
  return ip.range() === 'unicast';
}
