import { RATE_LIMIT_PERIODS } from './kong-config.mjs';

const PERIOD_MS = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  month: 2_592_000_000,
  year: 31_536_000_000,
};

/**
 * Kong's rate-limiting plugin with `policy: local`: fixed windows aligned to the clock, one counter per
 * client key and period. `check` counts the request and returns whether it may pass plus the headers
 * Kong sends (RateLimit-*, X-RateLimit-*-<Period>, Retry-After when refused).
 */
export function createRateLimiter(config, { now = Date.now } = {}) {
  const limits = RATE_LIMIT_PERIODS.filter((period) => typeof config[period] === 'number').map((period) => ({
    period,
    limit: config[period],
    windowMs: PERIOD_MS[period],
    limitHeader: `X-RateLimit-Limit-${period[0].toUpperCase()}${period.slice(1)}`,
    remainingHeader: `X-RateLimit-Remaining-${period[0].toUpperCase()}${period.slice(1)}`,
    limitText: String(config[period]),
  }));
  const counters = new Map();
  const longestWindow = Math.max(...limits.map((limit) => limit.windowMs), 1_000);
  let lastSweep = now();

  function sweep(current) {
    // Drop clients whose every window has ended, so the map does not grow without bound.
    if (current - lastSweep < longestWindow) return;
    lastSweep = current;
    for (const [key, windows] of counters) {
      if (windows.every((window, index) => window.start + limits[index].windowMs <= current)) counters.delete(key);
    }
  }

  /**
   * Counts one request of `clientKey` and appends Kong's headers to `out` as flat `[name, value, ...]`
   * pairs; returns whether the request may pass. Plain loops and no per-call objects: it runs on every request.
   */
  function checkInto(clientKey, out) {
    const current = now();
    sweep(current);
    let windows = counters.get(clientKey);
    if (windows === undefined) {
      windows = limits.map(() => ({ start: 0, count: 0 }));
      counters.set(clientKey, windows);
    }
    let allowed = true;
    for (let index = 0; index < limits.length; index += 1) {
      const limit = limits[index];
      const window = windows[index];
      const start = current - (current % limit.windowMs);
      if (window.start !== start) {
        window.start = start;
        window.count = 0;
      }
      if (window.count >= limit.limit) allowed = false;
    }
    let tightestIndex = -1;
    let tightestRemaining = 0;
    for (let index = 0; index < limits.length; index += 1) {
      const limit = limits[index];
      const window = windows[index];
      if (allowed) window.count += 1;
      const remaining = Math.max(0, limit.limit - window.count);
      out.push(limit.limitHeader, limit.limitText, limit.remainingHeader, String(remaining));
      if (tightestIndex === -1 || remaining < tightestRemaining) {
        tightestIndex = index;
        tightestRemaining = remaining;
      }
    }
    if (tightestIndex !== -1) {
      const limit = limits[tightestIndex];
      const reset = String(Math.ceil((windows[tightestIndex].start + limit.windowMs - current) / 1000));
      out.push('RateLimit-Limit', limit.limitText, 'RateLimit-Remaining', String(tightestRemaining), 'RateLimit-Reset', reset);
      if (!allowed) out.push('Retry-After', reset);
    }
    return allowed;
  }

  /** Same as checkInto, with the headers as an object: `{ allowed, headers }`. */
  function check(clientKey) {
    const pairs = [];
    const allowed = checkInto(clientKey, pairs);
    const headers = {};
    for (let i = 0; i < pairs.length; i += 2) headers[pairs[i]] = pairs[i + 1];
    return { allowed, headers };
  }
  check.into = checkInto;
  return check;
}
