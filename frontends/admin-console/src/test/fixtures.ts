import type { AdminListedUser, AdminWaitlistEntry, AuditEntry, AuthUser } from '@paycadence/contracts';
import { TEST_USER } from '@paycadence/web-kit/testing';

export const ADMIN: AuthUser = { ...TEST_USER, id: '0a0a0a0a-0000-4000-8000-00000000000a', email: 'ada.admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin' };

let sequence = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function listedUser(overrides: Partial<AdminListedUser> = {}): AdminListedUser {
  return {
    id: uuid(),
    email: 'jo.park@example.com',
    name: 'Jo Park',
    firstName: 'Jo',
    lastName: 'Park',
    role: 'user',
    status: 'active',
    createdAt: '2026-03-04T12:00:00.000Z',
    created_at: '2026-03-04T12:00:00.000Z',
    last_sign_in_at: '2026-11-20T09:30:00.000Z',
    has_security_key: false,
    ...overrides,
  };
}

export function waitlistEntry(overrides: Partial<AdminWaitlistEntry> = {}): AdminWaitlistEntry {
  return { id: uuid(), email: 'lee.wait@example.com', name: 'Lee Wait', created_at: '2026-10-01T15:00:00.000Z', referral_source: 'landing', ...overrides };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: uuid(),
    kind: 'admin.user-suspended',
    occurredAt: '2026-11-24T14:05:09.000Z',
    recordedAt: '2026-11-24T14:05:09.500Z',
    actor: { id: ADMIN.id, email: ADMIN.email },
    subject: { id: uuid(), email: 'jo.park@example.com' },
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    details: {},
    ...overrides,
  };
}

export const actionAnswer = (message: string) => ({ success: true as const, message });

interface Listed {
  id: string;
  email: string;
  name: string | null;
  createdAt?: string;
  created_at: string;
}

/**
 * A page as the server answers one (docs/product/signed-in.md §2): the rows whose e-mail or a word of the name
 * starts with `search`, in the asked order, `limit` from the cursor. The stub's cursors are row positions
 * ('at:50'); the screen treats every cursor as opaque text, so it cannot tell.
 */
export function pageOf<T extends Listed>(rows: readonly T[], query: URLSearchParams) {
  const search = (query.get('search') ?? '').toLowerCase();
  const matches = rows.filter(
    (row) => !search || row.email.startsWith(search) || (row.name ?? '').toLowerCase().split(' ').some((_, i, words) => words.slice(i).join(' ').startsWith(search)),
  );
  const key = (row: T) => (query.get('sort') === 'email' ? row.email : row.created_at);
  const sorted = [...matches].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  if (query.get('direction') !== 'asc') sorted.reverse();
  const limit = Number(query.get('limit') ?? 50);
  const at = (name: string) => Number((query.get(name) ?? '').replace('at:', ''));
  const start = query.get('after') ? at('after') : query.get('before') ? Math.max(0, at('before') - limit) : 0;
  const page = sorted.slice(start, start + limit);
  return {
    users: page,
    total: matches.length,
    totalEstimated: false,
    nextCursor: start + limit < sorted.length ? `at:${start + limit}` : null,
    prevCursor: start > 0 ? `at:${start}` : null,
  };
}

/** GET /api/admin/users answered from `rows`, with the counters of all of them. */
export const usersPage = (rows: readonly AdminListedUser[]) => (query: URLSearchParams) => ({
  ...pageOf(rows, query),
  counters: { registered: rows.length, admins: rows.filter((row) => row.role === 'admin').length, estimated: false },
});

/** GET /api/admin/waitlist answered from `rows`, with the counter. */
export const waitlistPage = (rows: readonly AdminWaitlistEntry[]) => (query: URLSearchParams) => ({
  ...pageOf(rows, query),
  counters: { waitlist: rows.length, estimated: false },
});
