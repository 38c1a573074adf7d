import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Whether an address is one the server may call on a user's behalf (webhooks and the like): a
 * public unicast address, never loopback, private, link-local, shared, multicast or reserved, so a
 * user-chosen URL cannot reach this host or the network behind it (SSRF).
 */

const blocked = new BlockList();
for (const [net, bits] of [
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
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  // Unspecified, loopback and the deprecated IPv4-compatible block.
  ['::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d mapped, 64:ff9b::/96 NAT64), if any. */
function embeddedIpv4(address: string): string | undefined {
  const m = /^(?:::ffff:(?:0:)?|64:ff9b::)(.+)$/i.exec(address);
  if (!m?.[1]) return undefined;
  const tail = m[1];
  if (isIP(tail) === 4) return tail;
  // The hex form (::ffff:7f00:1) of the same address.
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex?.[1] || !hex[2]) return undefined;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True for a public unicast IPv4 or IPv6 address; false for anything else, including non-addresses. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4 !== undefined) return !blocked.check(v4, 'ipv4');
  return !blocked.check(bare, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export class AddressRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly reason: 'not_public' | 'unresolved',
  ) {
    super(reason === 'not_public' ? `${host} is not a public address` : `${host} could not be resolved`);
    this.name = 'AddressRefusedError';
  }
}

/**
 * Every address `host` resolves to (an IP literal: itself), refused when any is not public unless
 * `allowPrivate`. Callers connect to these very addresses, so a second lookup cannot swap them.
 */
export async function resolvePublicHost(host: string, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: bare, family: literal as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
    } catch {
      throw new AddressRefusedError(host, 'unresolved');
    }
  }
  if (addresses.length === 0) throw new AddressRefusedError(host, 'unresolved');
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new AddressRefusedError(host, 'not_public');
  return addresses;
}
