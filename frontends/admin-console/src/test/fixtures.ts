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
