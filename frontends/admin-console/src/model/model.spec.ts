import { describe, expect, it } from 'vitest';
import { shortUserAgent } from './format.js';
import { toLogQuery, NO_FILTERS, pageCount } from './log-filters.js';
import { firstPage, formatCount, nextPage, PAGE_SIZE, pageCount as listPageCount, previousPage, showingText, toListQuery } from './list-view.js';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from '@paycadence/web-kit';
import { actionMessages, serverReason } from './messages.js';

describe('the admin list view (docs/product/signed-in.md §2: searched, sorted and paged by the server)', () => {
  it('asks for the first page, newest first, without a search when the box is blank', () => {
    expect(toListQuery(firstPage(), '   ')).toEqual({ sort: 'created', direction: 'desc', limit: PAGE_SIZE });
  });

  it('sends the trimmed search, the chosen order and the cursor of the page it moves to', () => {
    const second = nextPage(firstPage('email-asc'), 'cursor-2');
    expect(second).toEqual({ order: 'email-asc', page: 2, after: 'cursor-2' });
    expect(toListQuery(second, ' ann ')).toEqual({ search: 'ann', sort: 'email', direction: 'asc', limit: PAGE_SIZE, after: 'cursor-2' });
    const back = previousPage(second, 'cursor-1');
    expect(back).toEqual({ order: 'email-asc', page: 1, before: 'cursor-1' });
    expect(toListQuery(back, '')).toEqual({ sort: 'email', direction: 'asc', limit: PAGE_SIZE, before: 'cursor-1' });
  });

  it("says which rows a page shows among all, 'about' for an estimate", () => {
    expect(showingText(firstPage(), 50, 1234, false)).toBe('Showing 1–50 of 1,234');
    expect(showingText({ ...firstPage(), page: 25 }, 34, 1234, false)).toBe('Showing 1,201–1,234 of 1,234');
    expect(showingText({ ...firstPage(), page: 2 }, 50, 1_000_000, true)).toBe('Showing 51–100 of about 1,000,000');
    expect(formatCount(7)).toBe('7');
  });

  it('counts pages of PAGE_SIZE, at least one', () => {
    expect(listPageCount(0)).toBe(1);
    expect(listPageCount(PAGE_SIZE)).toBe(1);
    expect(listPageCount(PAGE_SIZE + 1)).toBe(2);
  });
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
