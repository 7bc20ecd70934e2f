import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client.js';
import {
  isWithinExpiryMargin,
  retryDelayMs,
  shouldRefreshOnTick,
  ticksUntilExpiry,
  withRefreshBackoff,
} from './session-refresh.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const inSeconds = (seconds: number) => NOW / 1000 + seconds;

afterEach(() => vi.useRealTimers());

describe('refresh schedule (docs/product/accounts.md §9: tick 30 s, refresh at 3 ticks or fewer)', () => {
  it.each([
    [900, 30, false],
    [120, 4, false],
    [119, 3, true],
    [90, 3, true],
    [30, 1, true],
    [-5, -1, true],
  ])('%i s before expiry: %i ticks left, refresh %s', (seconds, ticks, refresh) => {
    expect(ticksUntilExpiry(inSeconds(seconds), NOW)).toBe(ticks);
    expect(shouldRefreshOnTick(inSeconds(seconds), NOW)).toBe(refresh);
  });

  it('treats a session within 90 s of expiry as expired', () => {
    expect(isWithinExpiryMargin(inSeconds(91), NOW)).toBe(false);
    expect(isWithinExpiryMargin(inSeconds(89), NOW)).toBe(true);
  });

  it('backs off from 200 ms, doubling', () => {
    expect([0, 1, 2, 3, 4].map(retryDelayMs)).toEqual([200, 400, 800, 1600, 3200]);
  });
});

describe('withRefreshBackoff', () => {
  it('retries a network failure after 200, 400 and 800 ms, then succeeds', async () => {
    vi.useFakeTimers({ now: NOW });
    const attempts: number[] = [];
    const attempt = vi.fn(async () => {
      attempts.push(Date.now() - NOW);
      if (attempts.length < 4) throw new ApiError(0, 'Network error. Please try again.');
      return 'fresh';
    });
    const result = withRefreshBackoff(attempt);
    await vi.advanceTimersByTimeAsync(1_400);
    await expect(result).resolves.toBe('fresh');
    expect(attempts).toEqual([0, 200, 600, 1400]);
  });

  it('does not retry a refused (spent or invalid) refresh token', async () => {
    const attempt = vi.fn(() => Promise.reject(new ApiError(401, 'Your session has expired. Please sign in again.')));
    await expect(withRefreshBackoff(attempt)).rejects.toThrow('Your session has expired');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('retries server faults but gives up once the next wait would pass one tick', async () => {
    vi.useFakeTimers({ now: NOW });
    const attempt = vi.fn(() => Promise.reject(new ApiError(503, 'down')));
    const result = withRefreshBackoff(attempt);
    const settled = expect(result).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(30_000);
    await settled;
    // waits 200+400+...+12800 = 25400 ms; the next (25600 ms) would end past 30 s.
    expect(attempt).toHaveBeenCalledTimes(8);
  });
});
