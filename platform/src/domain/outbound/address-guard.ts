import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * In production nothing the platform fetches on a customer's word (a webhook's endpoint, an identity
 * provider's discovery document, keys or metadata) may become a way into the private network (issues
 * 32 and 39): the host is checked after DNS by the connection's own lookup, so the address checked is
 * the address connected to (no second resolution an attacker's DNS could answer differently).
 */

/**
 * IPv4: "this network", private (RFC 1918), loopback, link-local, CGNAT (RFC 6598), IETF protocol
 * assignments, documentation (TEST-NET-1..3), the 6to4 relay anycast, benchmarking, multicast,
 * reserved and broadcast.
 */
const NOT_PUBLIC_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6 ranges refused whatever follows: the IPv4-compatible block (`::/96`, deprecated; it holds `::`
 * and `::1` too), the NAT64 local-use prefix (RFC 8215, a site's own translator), discard-only,
 * Teredo (its IPv4 address is obfuscated, and no server of a customer's lives behind it),
 * documentation, unique local (fc00::/7), link-local, site-local and multicast.
 */
const NOT_PUBLIC_V6: readonly (readonly [string, number])[] = [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

/**
 * IPv6 prefixes that carry an IPv4 address, which reaches that IPv4 host: IPv4-mapped
 * (`::ffff:0:0/96`), the NAT64 well-known prefix (`64:ff9b::/96`, RFC 6052: an IPv6-only network's way
 * to IPv4 hosts) and 6to4 (`2002::/16`, the IPv4 address in bits 16-47). Each is refused where its
 * IPv4 address would be, so a public IdP reached through NAT64 still works.
 */
const V4_CARRIERS: readonly { prefix: (hextets: string) => string; bits: number }[] = [
  { prefix: (v4) => `::ffff:${v4}`, bits: 96 },
  { prefix: (v4) => `64:ff9b::${v4}`, bits: 96 },
  { prefix: (v4) => `2002:${v4}::`, bits: 16 },
];

/** An IPv4 network address as the two IPv6 hextets that carry it (10.0.0.0 → a00:0). */
function hextetsOf(v4: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
  for (const carrier of V4_CARRIERS)
    NOT_PUBLIC.addSubnet(carrier.prefix(hextetsOf(network)), carrier.bits + prefix, 'ipv6');
}
for (const [network, prefix] of NOT_PUBLIC_V6) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, without brackets) is one the platform may reach on a customer's word. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as an IP literal (IPv6 without its brackets), or null for a host name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

/** A request refused because its host is not public: the words a delivery log or a connection test shows. */
export class PrivateAddressRefused extends Error {
  constructor(readonly address: string) {
    super(`The endpoint resolves to a private address (${address}): refused`);
    this.name = 'PrivateAddressRefused';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup that refuses any non-public answer, for net/tls connect's `lookup` option. Node asks for
 * every address (`all`) when it races IPv4 and IPv6 (autoSelectFamily); one bad answer refuses all, as
 * the connection could reach any of them.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new PrivateAddressRefused(refused.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}
