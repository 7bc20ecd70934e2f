import { describe, expect, it } from 'vitest';
import {
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_CLIENT_MAX_FAILURES,
  LOGIN_MAX_FAILURES,
  THROTTLE_MESSAGES,
  waitText,
} from './auth.js';

describe('sign-in throttle figures', () => {
  it('lets a shared address carry many people: the client limit is well above the pair limit', () => {
    expect(LOGIN_CLIENT_MAX_FAILURES).toBeGreaterThanOrEqual(10 * LOGIN_MAX_FAILURES);
  });

  it('slows an account, never locks it: a capped delay a person can sit out', () => {
    expect(LOGIN_ACCOUNT_FREE_FAILURES).toBeGreaterThanOrEqual(LOGIN_MAX_FAILURES);
    expect(LOGIN_ACCOUNT_DELAY.firstSeconds).toBeGreaterThan(0);
    expect(LOGIN_ACCOUNT_DELAY.maxSeconds).toBeLessThanOrEqual(60);
  });
});

describe('waitText and the throttle messages', () => {
  it('names the wait in whole seconds below two minutes, whole minutes up to two hours, else whole hours, rounding up', () => {
    expect(waitText(0.2)).toBe('1 second');
    expect(waitText(1)).toBe('1 second');
    expect(waitText(1.01)).toBe('2 seconds');
    expect(waitText(119)).toBe('119 seconds');
    expect(waitText(120)).toBe('2 minutes');
    expect(waitText(3599)).toBe('60 minutes');
    expect(waitText(7200)).toBe('120 minutes');
    expect(waitText(7201)).toBe('3 hours');
    expect(waitText(86_400)).toBe('24 hours');
  });

  it('says what happened and how long to wait', () => {
    expect(THROTTLE_MESSAGES.accountSlowed(8)).toBe('Too many failed attempts for this account. Please wait 8 seconds and try again.');
    expect(THROTTLE_MESSAGES.registration(1800)).toBe('Too many sign-ups from your network. Please try again in 30 minutes.');
    expect(THROTTLE_MESSAGES.passwordReset(61)).toBe('Too many password reset requests from your network. Please try again in 61 seconds.');
  });
});
