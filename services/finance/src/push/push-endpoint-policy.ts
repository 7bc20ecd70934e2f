import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where the worker may send a push. An endpoint is a URL that any signed-in person can send us, and the worker
 * POSTs to it: without these rules it could be pointed at the database, the metadata service or anything else the
 * worker reaches (server-side request forgery). Browsers' push services are public https hosts, so that is all we
 * allow; PUSH_ALLOW_LOCAL_ENDPOINTS (tests and local runs, refused in production) adds http://127.0.0.1, where the
 * test push service listens.
 */
export interface EndpointPolicy {
  allowLocal: boolean;
}

// Every range that is not the public internet (RFC 6890 and friends): private, loopback, link-local, shared
// address space, benchmarking, documentation, multicast, reserved, and IPv6's equivalents. Two lists, each asked
// about its own family only: a BlockList matches IPv4 rules against IPv4-mapped IPv6 addresses and back.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
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
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // The unspecified and loopback addresses, IPv4-compatible and IPv4-mapped ones (another way to spell an IPv4
  // address, private ones included; push services have their own IPv6 addresses).
  ['::', 80],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (either family) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4');
  return family === 6 && !NOT_PUBLIC_V6.check(address, 'ipv6');
}

const isLocalTestAddress = (address: string, policy: EndpointPolicy) => policy.allowLocal && address === '127.0.0.1';

/** Names that never leave the machine or the local network, whatever a resolver says about them. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

/**
 * Why the worker must not send to `endpoint`, or null when it may as far as the URL shows (a host name is checked
 * again on every connection, guardedLookup). Asked when a device subscribes and again before each push.
 */
export function endpointRefusal(endpoint: string, policy: EndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username !== '' || url.password !== '') return 'credentials in the URL';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (url.protocol === 'http:') return isLocalTestAddress(host, policy) ? null : 'not https';
  if (url.protocol !== 'https:') return 'not https';
  if (isIP(host) !== 0) return isPublicAddress(host) || isLocalTestAddress(host, policy) ? null : 'a private or reserved address';
  if (LOCAL_NAME.test(host) || !host.includes('.')) return 'a local host name';
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves as usual and refuses any answer holding an address that is not
 * public, so a name that resolves (or is re-pointed, DNS rebinding) to an internal address is never connected to:
 * the check is made on the very addresses the socket then uses.
 */
export function guardedLookup(policy: EndpointPolicy) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((entry) => !isPublicAddress(entry.address) && !isLocalTestAddress(entry.address, policy));
      if (refused || addresses.length === 0) {
        const failure: NodeJS.ErrnoException = new Error(`Refused to connect to a push service at a non-public address`);
        failure.code = 'EPUSHADDRESS';
        return callback(failure, '');
      }
      if ((options as LookupAllOptions).all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
