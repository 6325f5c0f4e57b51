import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * In production a webhook must not become a way into the private network (issue 32): its host is
 * checked after DNS at every delivery, by the connection's own lookup, so the address checked is the
 * address connected to (no second resolution an attacker's DNS could answer differently).
 */
const NOT_PUBLIC = new BlockList();
// IPv4: "this network", private (RFC 1918), loopback, link-local, CGNAT (RFC 6598), IETF protocol
// assignments, multicast, reserved and broadcast.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
// IPv6: unspecified, loopback, unique local (fc00::/7), link-local, site-local, multicast. An
// IPv4-mapped address (::ffff:10.0.0.5) is checked against the IPv4 rules by BlockList itself.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, without brackets) is one a webhook may reach. */
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

/** A delivery refused because its host is not public: the words the delivery log shows. */
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
