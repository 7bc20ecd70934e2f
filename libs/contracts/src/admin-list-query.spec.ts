import { describe, expect, it } from 'vitest';
import {
  ADMIN_LIST_MESSAGES,
  ADMIN_LIST_PAGE_SIZE_DEFAULT,
  ADMIN_LIST_PAGE_SIZE_MAX,
  AdminListQuerySchema,
  decodeListCursor,
  encodeListCursor,
  type AdminListCursor,
} from './admin.js';
import { fieldErrors } from './errors.js';

const ID = '6f1d0a52-8c4e-4b8e-9d59-0c3a4f6b2a10';
const byCreated: AdminListCursor = { sort: 'created', direction: 'desc', key: '2026-03-10T12:00:00.123456Z', id: ID };
const byEmail: AdminListCursor = { sort: 'email', direction: 'asc', key: 'zoë+admin@example.com', id: ID };

/** The field errors of a refused query, as the 400 answer names them. */
function refusal(query: unknown): Record<string, string> {
  const parsed = AdminListQuerySchema.safeParse(query);
  if (parsed.success) throw new Error(`expected a refusal of ${JSON.stringify(query)}`);
  return fieldErrors(parsed.error);
}

describe('the admin list cursor', () => {
  it.each([byCreated, byEmail])('decodes what it encodes (%o), as URL-safe text', (cursor) => {
    const text = encodeListCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['base64 of no JSON', btoa('nope').replace(/=/g, '')],
    ['a JSON of the wrong shape', btoa(JSON.stringify(['created', 'desc', 'x'])).replace(/=/g, '')],
    ['an unknown sort', encodeListCursor({ ...byEmail, sort: 'name' as never })],
    ['a created key that is no instant', encodeListCursor({ ...byCreated, key: 'yesterday' })],
    ['an id that is no uuid', encodeListCursor({ ...byCreated, id: '42' })],
    ['a key with a NUL', encodeListCursor({ ...byEmail, key: 'a\u0000b' })],
    ['far too long', 'A'.repeat(10_000)],
  ])('is null for %s', (_label, text) => {
    expect(decodeListCursor(text)).toBeNull();
  });
});

describe('AdminListQuerySchema', () => {
  it('defaults to the newest first, 50 a page, no search', () => {
    expect(AdminListQuerySchema.parse({})).toEqual({ sort: 'created', direction: 'desc', limit: ADMIN_LIST_PAGE_SIZE_DEFAULT });
  });

  it('reads a query string (text values) and trims the search', () => {
    const after = encodeListCursor(byEmail);
    expect(AdminListQuerySchema.parse({ search: '  Ann Lee ', sort: 'email', direction: 'asc', limit: '100', after })).toEqual({
      search: 'Ann Lee',
      sort: 'email',
      direction: 'asc',
      limit: 100,
      after,
    });
  });

  it('accepts its own output again (admin forwards it over the transport as it parsed it)', () => {
    const parsed = AdminListQuerySchema.parse({ search: 'x', limit: '7', before: encodeListCursor(byCreated) });
    expect(AdminListQuerySchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it.each([
    [{ limit: '0' }, 'limit', ADMIN_LIST_MESSAGES.limit],
    [{ limit: String(ADMIN_LIST_PAGE_SIZE_MAX + 1) }, 'limit', ADMIN_LIST_MESSAGES.limit],
    [{ limit: '2.5' }, 'limit', ADMIN_LIST_MESSAGES.limit],
    [{ limit: 'ten' }, 'limit', ADMIN_LIST_MESSAGES.limit],
    [{ limit: ['1', '2'] }, 'limit', ADMIN_LIST_MESSAGES.limit],
    [{ sort: 'password_hash' }, 'sort', ADMIN_LIST_MESSAGES.sort],
    [{ direction: 'sideways' }, 'direction', ADMIN_LIST_MESSAGES.direction],
    [{ search: 'x'.repeat(101) }, 'search', ADMIN_LIST_MESSAGES.searchTooLong],
    [{ after: 'garbage!' }, 'after', ADMIN_LIST_MESSAGES.badCursor],
    [{ before: ['a', 'b'] }, 'before', ADMIN_LIST_MESSAGES.badCursor],
    // a cursor of the e-mail order used while sorting by date would compare a date with an address
    [{ after: encodeListCursor(byEmail) }, 'after', ADMIN_LIST_MESSAGES.otherOrder],
    [{ sort: 'created', direction: 'asc', after: encodeListCursor(byCreated) }, 'after', ADMIN_LIST_MESSAGES.otherOrder],
    [{ after: encodeListCursor(byCreated), before: encodeListCursor(byCreated) }, 'before', ADMIN_LIST_MESSAGES.oneCursor],
  ])('refuses %o with a message on %s', (query, field, message) => {
    expect(refusal(query)[field]).toBe(message);
  });

  it('refuses an unknown parameter (a typo never silently widens the list)', () => {
    expect(Object.keys(refusal({ page: '2' }))).toEqual(['page']);
  });
});
