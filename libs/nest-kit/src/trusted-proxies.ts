import { isIP } from 'node:net';
import { InvalidEnvironmentError } from './config.js';

/** proxy-addr's names for address ranges (loopback: 127.0.0.0/8 and ::1). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** Default: the dev gateway on this machine (the launcher binds services to 127.0.0.1). */
export const DEFAULT_TRUSTED_PROXIES = ['loopback'];

function isPrefixLength(text: string, family: 4 | 6): boolean {
  if (text.length === 0 || text.length > 3) return false;
  for (const char of text) if (char < '0' || char > '9') return false;
  return Number(text) <= (family === 4 ? 32 : 128);
}

function isTrustedProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash < 0) return isIP(entry) !== 0;
  const family = isIP(entry.slice(0, slash));
  return family !== 0 && isPrefixLength(entry.slice(slash + 1), family as 4 | 6);
}

/**
 * TRUSTED_PROXIES: the peers whose X-Forwarded-For a service believes, as a comma list of
 * IP addresses, CIDRs (`10.0.0.0/8`, `fd00::/8`) and `loopback` / `linklocal` / `uniquelocal`; `none` trusts
 * nobody (a service reached directly). Unset or blank: loopback. fastify's request.ip then walks
 * X-Forwarded-For from the right while the hop is trusted, so a client's own header never moves the address
 * unless it comes through one of these. Anything else stops start-up (fail fast, docs/conventions.md §1). Parsing is
 * plain splitting and node:net (no pattern).
 */
export function trustedProxies(value: string | undefined): string[] | false {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return DEFAULT_TRUSTED_PROXIES;
  if (entries.length === 1 && entries[0] === 'none') return false;
  const bad = entries.find((entry) => !isTrustedProxyEntry(entry));
  if (bad !== undefined) {
    const shown = bad.length > 60 ? `${bad.slice(0, 60)}…` : bad;
    throw new InvalidEnvironmentError(
      `Invalid environment variables: TRUSTED_PROXIES: "${shown}" is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal (or set only none)`,
    );
  }
  return entries;
}
