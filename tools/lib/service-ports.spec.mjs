import { describe, expect, it } from 'vitest';
import { FIRST_EXTRA_PORT, assignServicePorts, jwksUrlFor, portOffsetFrom } from './service-ports.mjs';

describe('assignServicePorts', () => {
  it('keeps the fixed ports of waitlist, auth and finance', () => {
    expect(assignServicePorts(['finance', 'waitlist', 'auth'])).toEqual({ waitlist: 3101, auth: 3102, finance: 3103 });
  });

  it('keeps the fixed port the generator gave bank-sync', () => {
    expect(assignServicePorts(['bank-sync'])).toEqual({ 'bank-sync': 3104 });
  });

  it('keeps the fixed port the generator gave admin', () => {
    expect(assignServicePorts(['admin'])).toEqual({ admin: 3105 });
  });

  it('numbers further services from FIRST_EXTRA_PORT in alphabetical order', () => {
    expect(assignServicePorts(['waitlist', 'reports', 'alerts', 'admin'])).toEqual({
      waitlist: 3101,
      admin: 3105,
      alerts: FIRST_EXTRA_PORT,
      reports: FIRST_EXTRA_PORT + 1,
    });
  });

  it('shifts every port by the offset', () => {
    expect(assignServicePorts(['waitlist', 'reports'], 200)).toEqual({ waitlist: 3301, reports: FIRST_EXTRA_PORT + 200 });
  });
});

describe('portOffsetFrom', () => {
  it('reads SERVICE_PORT_OFFSET and defaults to 0', () => {
    expect(portOffsetFrom({})).toBe(0);
    expect(portOffsetFrom({ SERVICE_PORT_OFFSET: '300' })).toBe(300);
  });

  it('rejects a value that is not a whole number', () => {
    expect(() => portOffsetFrom({ SERVICE_PORT_OFFSET: 'abc' })).toThrow(/SERVICE_PORT_OFFSET/);
  });
});

describe('jwksUrlFor', () => {
  it('points at the auth service port', () => {
    expect(jwksUrlFor({ auth: 3202 })).toBe('http://127.0.0.1:3202/.well-known/jwks.json');
    expect(jwksUrlFor({})).toBe('http://127.0.0.1:3102/.well-known/jwks.json');
    expect(jwksUrlFor({}, 100)).toBe('http://127.0.0.1:3202/.well-known/jwks.json');
  });
});
