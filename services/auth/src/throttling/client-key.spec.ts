import { AUTH_MESSAGES, THROTTLE_MESSAGES } from '@paycadence/contracts';
import { toErrorResponse } from '@paycadence/nest-kit';
import { isAuthError } from '../errors.js';
import { clientKey, ipv6Groups } from './client-key.js';
import { ThrottledError } from './throttled-error.js';

describe('clientKey', () => {
  it('keys an IPv4 address as itself', () => {
    expect(clientKey('198.51.100.7')).toBe('v4:198.51.100.7');
    expect(clientKey('198.51.100.8')).not.toBe(clientKey('198.51.100.7'));
  });

  it('keys IPv6 by its /64: one subscriber allocation is one client, however it is written', () => {
    const key = clientKey('2001:db8:1:2::1');
    expect(key).toBe('v6:2001:db8:1:2::/64');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0000:0000:0000:0002', '2001:DB8:1:2:a::b', '2001:db8:1:2::9%eth0']) {
      expect([same, clientKey(same)]).toEqual([same, key]);
    }
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('2001:db8:2:2::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('v6:0:0:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 address as the IPv4 address (a dual-stack socket)', () => {
    expect(clientKey('::ffff:198.51.100.7')).toBe('v4:198.51.100.7');
    expect(clientKey('::ffff:c633:6407')).toBe('v4:198.51.100.7');
    expect(clientKey('0:0:0:0:0:ffff:198.51.100.7')).toBe('v4:198.51.100.7');
  });

  it('is total: nothing, or text that is no address, gets a bounded key that never carries the text', () => {
    expect(clientKey(null)).toBe('unknown');
    expect(clientKey('')).toBe('unknown');
    const garbage = clientKey(`evil\r\n${'x'.repeat(20_000)}`);
    expect(garbage).toMatch(/^other:[0-9a-f]{32}$/);
    expect(clientKey('203.0.113.300')).toMatch(/^other:/);
    expect(clientKey('203.0.113.300')).not.toBe(clientKey('203.0.113.301'));
    // An address-looking prefix with junk after it is not that address.
    expect(clientKey('2001:db8:1:2::1 junk')).toMatch(/^other:/);
  });

  it('expands :: and a dotted tail into eight groups', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::2')).toEqual([0, 0, 0, 0, 0, 0, 0, 2]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('64:ff9b::192.0.2.33')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0xc000, 0x0221]);
  });
});

describe('ThrottledError', () => {
  it("answers 429 with the product's text for the hard limits, and the exact wait in Retry-After and the body", () => {
    const pair = new ThrottledError('pair', 612.3);
    expect(isAuthError(pair, 'TOO_MANY_ATTEMPTS')).toBe(true);
    expect(toErrorResponse(pair)).toEqual({
      status: 429,
      unexpected: false,
      headers: { 'retry-after': '613' },
      body: { retryAfterSeconds: 613, message: AUTH_MESSAGES.tooManyAttempts },
    });
    expect(new ThrottledError('client', 5).message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  it('names the wait where docs/product gives no text', () => {
    expect(new ThrottledError('account', 7.2).message).toBe(THROTTLE_MESSAGES.accountSlowed(8));
    expect(new ThrottledError('second-factor', 0.01)).toMatchObject({ message: THROTTLE_MESSAGES.accountSlowed(1), headers: { 'retry-after': '1' } });
    expect(new ThrottledError('registration', 3599).message).toBe(THROTTLE_MESSAGES.registration(3599));
    expect(new ThrottledError('password-reset', 60).message).toBe(THROTTLE_MESSAGES.passwordReset(60));
  });
});
