import { AuditQuerySchema } from '@paycadence/contracts';
import { auditFilters } from './audit-log.service.js';

const filters = (query: Record<string, string>) => auditFilters(AuditQuerySchema.parse(query));

describe('auditFilters', () => {
  it('no filter: every entry', () => {
    expect(filters({})).toEqual({ where: '', params: [] });
  });

  it('a family matches its kinds by prefix; a kind exactly', () => {
    expect(filters({ kind: 'auth' })).toEqual({ where: 'WHERE kind LIKE $1', params: ['auth.%'] });
    expect(filters({ kind: 'admin.user-created' })).toEqual({ where: 'WHERE kind = $1', params: ['admin.user-created'] });
  });

  it('a user id matches either side by id; anything else is an e-mail, lower-cased, either side', () => {
    const id = '3F6C2A1E-0000-4000-8000-0000000000AA';
    expect(filters({ user: id })).toEqual({ where: 'WHERE (actor_id = $1 OR subject_id = $1)', params: [id.toLowerCase()] });
    expect(filters({ user: ' Ann@Example.COM ' })).toEqual({
      where: 'WHERE (lower(actor_email) = $1 OR lower(subject_email) = $1)',
      params: ['ann@example.com'],
    });
  });

  it('ANDs every filter with its own parameter', () => {
    expect(filters({ kind: 'admin', user: 'a@b.co', from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00Z' })).toEqual({
      where: 'WHERE kind LIKE $1 AND (lower(actor_email) = $2 OR lower(subject_email) = $2) AND occurred_at >= $3 AND occurred_at <= $4',
      params: ['admin.%', 'a@b.co', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'],
    });
  });
});
