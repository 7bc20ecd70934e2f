import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { CLIENT_IPV6_PREFIX_BITS, CLIENT_IPV6_WIDER_PREFIXES } from '@paycadence/contracts';

/**
 * The key a client is throttled by: an IPv4 address as is; an IPv6 address by its /64,
 * since one subscriber gets a whole /64 and could otherwise walk through billions of addresses; an IPv4-mapped
 * IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports) as the IPv4 address it carries. Total and
 * linear: node:net validates, then plain splitting (no pattern). Anything that is not an address (a trusted
 * proxy passing on a garbage X-Forwarded-For) gets a bounded key of its own, never the raw text.
 */
export function clientKey(address: string | null | undefined): string {
  if (!address) return 'unknown';
  // A scope (`fe80::1%eth0`) names the interface, not another client.
  const zone = address.indexOf('%');
  const ip = zone >= 0 ? address.slice(0, zone) : address;
  const family = isIP(ip);
  if (family === 4) return `v4:${ip}`;
  if (family === 6) {
    const groups = ipv6Groups(ip);
    if (isIpv4Mapped(groups)) return `v4:${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
    const prefixGroups = CLIENT_IPV6_PREFIX_BITS / 16;
    return `v6:${groups
      .slice(0, prefixGroups)
      .map((group) => group.toString(16))
      .join(':')}::/${CLIENT_IPV6_PREFIX_BITS}`;
  }
  return `other:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
}

/**
 * The wider IPv6 prefixes of the client (CLIENT_IPV6_WIDER_PREFIXES: its /56 and /48), each with its limit;
 * none for IPv4 (mapped included) or anything that is not an address.
 */
export function widerClientKeys(address: string | null | undefined): { key: string; maxFailures: number }[] {
  if (!address) return [];
  const zone = address.indexOf('%');
  const ip = zone >= 0 ? address.slice(0, zone) : address;
  if (isIP(ip) !== 6) return [];
  const groups = ipv6Groups(ip);
  if (isIpv4Mapped(groups)) return [];
  return CLIENT_IPV6_WIDER_PREFIXES.map(({ bits, maxFailures }) => {
    const whole = Math.floor(bits / 16);
    const kept = groups.slice(0, whole);
    if (bits % 16) kept.push(groups[whole] & (0xffff << (16 - (bits % 16))) & 0xffff);
    return { key: `v6:${kept.map((group) => group.toString(16)).join(':')}::/${bits}`, maxFailures };
  });
}

/** `::ffff:a.b.c.d`: five zero groups, then 0xffff. */
function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

/** The eight 16-bit groups of an address node:net already accepted as IPv6 (`::` and a dotted IPv4 tail expanded). */
export function ipv6Groups(ip: string): number[] {
  const parse = (part: string): number[] => {
    if (!part) return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a, b, c, d] = piece.split('.').map(Number);
        groups.push((a << 8) | b, (c << 8) | d);
      } else {
        groups.push(parseInt(piece, 16));
      }
    }
    return groups;
  };
  const gap = ip.indexOf('::');
  if (gap < 0) return parse(ip);
  const head = parse(ip.slice(0, gap));
  const tail = parse(ip.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
