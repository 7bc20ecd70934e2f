import type { JobProducer } from '@paycadence/nest-kit';
import { fixedClock } from '@paycadence/nest-kit';
import { AuditEventSchema } from '@paycadence/contracts';
import { AuditTrail, auditEvent, onceId, requestOrigin } from './audit-trail.js';

const ANN = { id: '6f1d0a52-8c4e-4b8e-9d59-0c3a4f6b2a10', email: 'ann@example.com' };
const ORIGIN = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0' };
const NOW = '2026-03-10T12:00:00.000Z';

describe('auditEvent', () => {
  it('is a valid AuditEvent with a fresh id, the time, an anonymous actor by default', () => {
    const first = auditEvent('auth.sign-in-failed', { subject: ANN, origin: ORIGIN, details: { reason: 'wrong-password' } }, new Date(NOW));
    const second = auditEvent('auth.sign-in-failed', { subject: ANN, origin: ORIGIN }, new Date(NOW));
    expect(AuditEventSchema.parse(first)).toEqual({
      id: first.id,
      kind: 'auth.sign-in-failed',
      occurredAt: NOW,
      actor: { id: null, email: null },
      subject: ANN,
      ip: ORIGIN.ip,
      userAgent: ORIGIN.userAgent,
      details: { reason: 'wrong-password' },
    });
    expect(second.id).not.toBe(first.id);
  });

  it('leaves out every detail that could carry a credential, and cuts what is too long to the schema limits', () => {
    const event = auditEvent(
      'auth.mfa-code-failed',
      {
        actor: ANN,
        subject: { id: null, email: `${'a'.repeat(300)}@example.com` },
        origin: { ip: '1'.repeat(100), userAgent: 'x'.repeat(2_000) },
        details: { password: 'Secret1!', refresh_token: 't', code: '123456', backupCode: 'abcd', secret: 's', step: 'y'.repeat(300) },
      },
      new Date(NOW),
    );
    expect(event.details).toEqual({ step: 'y'.repeat(256) });
    expect(event.userAgent).toHaveLength(512);
    expect(event.ip).toHaveLength(64);
    expect(event.subject.email).toHaveLength(254);
    expect(AuditEventSchema.safeParse(event).success).toBe(true);
  });
});

describe('onceId', () => {
  it('is the same uuid for the same kind and subject, another for another, and a valid event id', () => {
    const id = onceId('admin.user-approved', ANN.id);
    expect(id).toBe(onceId('admin.user-approved', ANN.id));
    expect(id).not.toBe(onceId('admin.user-created', ANN.id));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const event = auditEvent('admin.user-approved', { subject: ANN, origin: ORIGIN, id }, new Date(NOW));
    expect(AuditEventSchema.parse(event).id).toBe(id);
  });
});

describe('requestOrigin', () => {
  it('takes the address Fastify trusted and the user agent', () => {
    expect(requestOrigin({ ip: '198.51.100.4', headers: { 'user-agent': 'curl/8' } })).toEqual({ ip: '198.51.100.4', userAgent: 'curl/8' });
    expect(requestOrigin({ headers: {} })).toEqual({ ip: null, userAgent: null });
  });
});

describe('AuditTrail', () => {
  it('enqueues record-audit with the event', async () => {
    const enqueue = jest.fn(async () => 'id');
    const trail = new AuditTrail({ enqueue } as unknown as JobProducer, fixedClock(NOW));
    await trail.record('auth.mfa-enabled', { actor: ANN, subject: ANN, origin: ORIGIN });
    expect(enqueue).toHaveBeenCalledWith('record-audit', expect.objectContaining({ kind: 'auth.mfa-enabled', occurredAt: NOW, subject: ANN, ip: ORIGIN.ip }));
  });

  it('never fails the caller when the queue is unreachable: the failure is logged', async () => {
    const trail = new AuditTrail({ enqueue: async () => Promise.reject(new Error('ECONNREFUSED')) } as unknown as JobProducer, fixedClock(NOW));
    const logged = jest.spyOn((trail as unknown as { logger: { error: (m: string) => void } }).logger, 'error').mockImplementation(() => undefined);
    await expect(trail.record('auth.locked-out', { subject: ANN, origin: ORIGIN })).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('ECONNREFUSED'));
  });
});
