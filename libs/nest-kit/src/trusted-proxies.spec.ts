import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError } from './config.js';
import { DEFAULT_TRUSTED_PROXIES, trustedProxies } from './trusted-proxies.js';

describe('trustedProxies (TRUSTED_PROXIES)', () => {
  it('defaults to loopback when unset or blank', () => {
    expect(trustedProxies(undefined)).toEqual(DEFAULT_TRUSTED_PROXIES);
    expect(trustedProxies(' , ')).toEqual(['loopback']);
  });

  it('takes addresses, CIDRs of both families and the range names; none trusts nobody', () => {
    expect(trustedProxies(' 10.0.0.0/8, fd00::/8,192.0.2.7 ,::1, uniquelocal ')).toEqual(['10.0.0.0/8', 'fd00::/8', '192.0.2.7', '::1', 'uniquelocal']);
    expect(trustedProxies('none')).toBe(false);
  });

  it('stops start-up on anything else, naming the bad entry (cut short)', () => {
    for (const bad of ['10.0.0.0/33', 'fd00::/129', '10.0.0.0/', '10.0.0/8', 'kong', '10.0.0.1/8a', '*', 'none,10.0.0.1']) {
      expect(() => trustedProxies(bad), bad).toThrow(InvalidEnvironmentError);
    }
    expect(() => trustedProxies('x'.repeat(5000))).toThrow(/"x{60}…" is not an IP address/);
  });
});

/** What fastify makes of the list: request.ip for a peer and an X-Forwarded-For. */
async function ipSeen(setting: string | undefined, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: trustedProxies(setting) });
  app.get('/', async (request) => request.ip);
  try {
    const answer = await app.inject({ method: 'GET', url: '/', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    return answer.body;
  } finally {
    await app.close();
  }
}

describe('request.ip with the trusted proxies', () => {
  it('ignores X-Forwarded-For from a peer that is not trusted (a client reaching the service directly)', async () => {
    expect(await ipSeen(undefined, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ipSeen('10.0.0.0/8', '127.0.0.1', '198.51.100.1')).toBe('127.0.0.1');
    expect(await ipSeen('none', '127.0.0.1', '198.51.100.1')).toBe('127.0.0.1');
  });

  it('takes the address a trusted hop reports, and stops at the first untrusted one from the right', async () => {
    expect(await ipSeen(undefined, '127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(await ipSeen('10.0.0.0/8', '10.1.2.3', '198.51.100.1')).toBe('198.51.100.1');
    // The client forged the first entry; Kong (10.1.2.3) appended the address it saw (203.0.113.4).
    expect(await ipSeen('10.0.0.0/8', '10.1.2.3', '6.6.6.6, 203.0.113.4')).toBe('203.0.113.4');
    // Two trusted hops (an ingress, then Kong): the client is the first untrusted address.
    expect(await ipSeen('10.0.0.0/8', '10.1.2.3', '6.6.6.6, 203.0.113.4, 10.9.9.9')).toBe('203.0.113.4');
    expect(await ipSeen('fd00::/8', 'fd00::5', '2001:db8::1')).toBe('2001:db8::1');
  });
});
