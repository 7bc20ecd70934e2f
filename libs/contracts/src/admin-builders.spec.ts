import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUDIT_LIMITS, AuditEventSchema, CreateUserRequestSchema, buildAuditEvent } from './admin.js';
import { TransportFailureSchema, transportInvalid } from './transport.js';

describe('transportInvalid', () => {
  it('is a VALIDATION TransportFailure with every field error and the first one as the message', () => {
    const parsed = CreateUserRequestSchema.safeParse({ email: 'nope', password: '123', role: 'user' });
    if (parsed.success) throw new Error('expected a refusal');
    const failure = transportInvalid(parsed.error);
    expect(TransportFailureSchema.parse(failure)).toEqual(failure);
    expect(failure).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Please enter a valid email address',
      errors: { email: 'Please enter a valid email address', password: 'Password must be at least 6 characters' },
    });
  });

  it('still answers a message for an error without a field', () => {
    const parsed = z.string().safeParse(1);
    if (parsed.success) throw new Error('expected a refusal');
    expect(transportInvalid(parsed.error)).toMatchObject({ ok: false, code: 'VALIDATION', message: expect.any(String) });
  });
});

describe('buildAuditEvent', () => {
  const ann = { id: '6f1d0a52-8c4e-4b8e-9d59-0c3a4f6b2a10', email: 'ann@example.com' };

  it('builds a valid event: fresh id, the time, anonymous actor by default', () => {
    const first = buildAuditEvent({ kind: 'admin.user-created', occurredAt: new Date('2026-03-10T12:00:00Z'), subject: ann, details: { role: 'user' } });
    expect(AuditEventSchema.parse(first)).toEqual({
      id: first.id,
      kind: 'admin.user-created',
      occurredAt: '2026-03-10T12:00:00.000Z',
      actor: { id: null, email: null },
      subject: ann,
      ip: null,
      userAgent: null,
      details: { role: 'user' },
    });
    expect(buildAuditEvent({ kind: 'admin.user-created', subject: ann }).id).not.toBe(first.id);
    const id = '0d9a4f9e-1b2c-5d3e-8f40-123456789abc';
    expect(buildAuditEvent({ kind: 'admin.user-approved', subject: ann, id }).id).toBe(id);
  });

  it('never throws on values past the limits: cuts them, drops credentials and unusable ids', () => {
    const event = buildAuditEvent({
      kind: 'admin.waitlist-removed',
      actor: { id: 'not-a-uuid', email: `${'a'.repeat(400)}@example.com` },
      subject: { id: null, email: 'b'.repeat(1_000) },
      ip: '1'.repeat(100),
      userAgent: 'x'.repeat(5_000),
      details: { ['k'.repeat(100)]: 'v'.repeat(1_000), password: 'Secret1!', refresh_token: 't', count: Number.NaN, skipped: undefined },
      occurredAt: 'not a date',
    });
    expect(AuditEventSchema.safeParse(event).success).toBe(true);
    expect(event.actor).toEqual({ id: null, email: expect.any(String) });
    expect(event.actor.email).toHaveLength(AUDIT_LIMITS.email);
    expect(event.subject.email).toHaveLength(AUDIT_LIMITS.email);
    expect(event.ip).toHaveLength(AUDIT_LIMITS.ip);
    expect(event.userAgent).toHaveLength(AUDIT_LIMITS.userAgent);
    expect(event.details).toEqual({ ['k'.repeat(AUDIT_LIMITS.detailKey)]: 'v'.repeat(AUDIT_LIMITS.detailValue), count: null });
  });
});
