import { describe, expect, it } from 'vitest';
import { loggedPath, SECRET_IN_PATH } from './secret-path.js';

describe('loggedPath', () => {
  it('logs the path without its query', () => {
    expect(
      loggedPath({
        url: '/api/financial/bills/1?x=secret',
        routeOptions: { url: '/api/financial/bills/:id', config: {} },
      }),
    ).toBe('/api/financial/bills/1');
  });

  it("logs a SecretInPath route's pattern, never its path", () => {
    const request = {
      url: '/api/financial/calendar-feed/s3cr3t.ics',
      routeOptions: { url: '/api/financial/calendar-feed/:token.ics', config: { [SECRET_IN_PATH]: true } },
    };
    expect(loggedPath(request)).toBe('/api/financial/calendar-feed/:token.ics');
    expect(
      loggedPath({ url: '/x/s3cr3t', routeOptions: { config: { [SECRET_IN_PATH]: true } } }),
    ).not.toContain('s3cr3t');
  });
});
