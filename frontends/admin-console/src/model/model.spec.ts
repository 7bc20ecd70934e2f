import { describe, expect, it } from 'vitest';
import { shortUserAgent } from './format.js';
import { toLogQuery, NO_FILTERS, pageCount } from './log-filters.js';
import { matchesSearch } from './search.js';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from '@paycadence/web-kit';
import { actionMessages, serverReason } from './messages.js';

describe('matchesSearch (docs/product/signed-in.md §2)', () => {
  const jo = { email: 'Jo.Park@example.com', name: 'Jo Park' };
  it.each([
    ['', true],
    ['park', true],
    ['JO.PARK@', true],
    ['  jo p ', true],
    ['example.org', false],
    ['smith', false],
  ])('%j → %s', (text, expected) => expect(matchesSearch(jo, text)).toBe(expected));
  it('treats a missing name as no match rather than failing', () => expect(matchesSearch({ email: 'a@b.co', name: null }, 'x')).toBe(false));
});

describe('shortUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Linux'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17 on iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge 131 on Windows'],
    ['curl/8.5.0', 'curl 8'],
    ['SomeBot', 'SomeBot'],
  ])('%s → %s', (agent, expected) => expect(shortUserAgent(agent)).toBe(expected));
  it('answers null without an agent', () => expect(shortUserAgent(null)).toBeNull());
});

describe('toLogQuery', () => {
  it('sends only the filters that are set, from page 1', () => {
    expect(toLogQuery(NO_FILTERS)).toEqual({ ok: true, query: { page: 1, pageSize: 50 } });
  });
  it('refuses an end before the start', () => {
    expect(toLogQuery({ ...NO_FILTERS, from: '2026-11-02', to: '2026-11-01' })).toEqual({ ok: false, errors: { to: 'The end date must be on or after the start date' } });
  });
  it('accepts the same day as start and end', () => expect(toLogQuery({ ...NO_FILTERS, from: '2026-11-02', to: '2026-11-02' }).ok).toBe(true));
  it('counts pages, at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});

describe('messages (docs/product/signed-in.md §8)', () => {
  it("keeps the server's words, and only those", () => {
    expect(serverReason(new ApiError(409, 'Taken'))).toBe('Taken');
    expect(serverReason(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBeNull();
    expect(serverReason(new ApiError(502, UNEXPECTED_ANSWER_MESSAGE))).toBeNull();
    expect(serverReason(new ApiError(500, 'Request failed with status 500'))).toBeNull();
    expect(serverReason(new Error('boom'))).toBeNull();
  });
  it('builds the create failure with and without a reason', () => {
    expect(actionMessages.createFailed(new ApiError(400, 'Password must be at least 6 characters')).text).toBe('Failed to create user: Password must be at least 6 characters');
    expect(actionMessages.createFailed(new ApiError(0, NETWORK_ERROR_MESSAGE)).text).toBe('Failed to create user');
  });
});
