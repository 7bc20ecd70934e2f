import { describe, expect, it } from 'vitest';
import { looksLikeOwnerColumn, ownerCondition } from './user-owned-tables.js';

const subject = { userId: '00000000-0000-4000-8000-000000000001', email: 'Ann@Example.com' };

describe('ownerCondition', () => {
  it('binds only the parameters it uses, one per id column (typed as that column), the e-mail lower-cased', () => {
    expect(ownerCondition({ table: 'bills', ownerColumns: { user_id: 'id' } }, subject)).toEqual({
      sql: '"user_id" = $1',
      params: [subject.userId],
    });
    expect(ownerCondition({ table: 'waitlist_entries', ownerColumns: { email: 'email' } }, subject)).toEqual({
      sql: 'lower("email") = $1',
      params: ['ann@example.com'],
    });
    expect(ownerCondition({ table: 'audit_log', ownerColumns: { actor_id: 'id', subject_id: 'id', subject_email: 'email' } }, subject)).toEqual({
      sql: '"actor_id" = $1 OR "subject_id" = $2 OR lower("subject_email") = $3',
      params: [subject.userId, subject.userId, 'ann@example.com'],
    });
  });

  it('matches no row by address while the address is unconfirmed (null e-mail)', () => {
    const unconfirmed = { ...subject, email: null };
    expect(ownerCondition({ table: 'waitlist_entries', ownerColumns: { email: 'email' } }, unconfirmed)).toEqual({ sql: 'FALSE', params: [] });
    expect(ownerCondition({ table: 'audit_log', ownerColumns: { actor_id: 'id', subject_email: 'email' } }, unconfirmed)).toEqual({
      sql: '"actor_id" = $1',
      params: [subject.userId],
    });
  });
});

describe('looksLikeOwnerColumn', () => {
  it.each(['user_id', 'owner_user_id', 'actor_id', 'subject_id', 'invited_by', 'accepted_by', 'email', 'subject_email'])('flags %s', (column) => {
    expect(looksLikeOwnerColumn(column)).toBe(true);
  });
  it.each(['id', 'household_id', 'name', 'bypass', 'emailed_at', 'created_at'])('leaves %s', (column) => {
    expect(looksLikeOwnerColumn(column)).toBe(false);
  });
});
