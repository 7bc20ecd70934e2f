import { Logger } from '@nestjs/common';
import { AuditEventSchema } from '@paycadence/contracts';
import { fixedClock, type JobProducer } from '@paycadence/nest-kit';
import type { AuditLogService } from './audit-log.service.js';
import { AuditRecorder } from './audit-recorder.js';

beforeAll(() => Logger.overrideLogger(false));

const context = { actorId: '3f6c2a1e-0000-4000-8000-0000000000ad', actorEmail: 'boss@example.com', ip: '203.0.113.5', userAgent: 'x'.repeat(600) };
const fact = { kind: 'admin.waitlist-removed' as const, subject: { id: null, email: 'ann@example.com' }, details: { waitlistEntryId: '3f6c2a1e-0000-4000-8000-0000000000e1' } };

function recorder(record: () => Promise<boolean>, enqueue: () => Promise<string> = async () => 'id') {
  const log = { record: jest.fn(record) };
  const jobs = { enqueue: jest.fn(enqueue) };
  return { log, jobs, recorder: new AuditRecorder(log as unknown as AuditLogService, jobs as unknown as JobProducer, fixedClock('2026-03-10T12:00:00.000Z')) };
}

describe('AuditRecorder', () => {
  it('stores the event with a fresh id, the clock time, the actor and where from (user agent cut to 512)', async () => {
    const { log, jobs, recorder: audit } = recorder(async () => true);
    await audit.record(context, fact);
    const [event] = log.record.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(event).toMatchObject({
      kind: 'admin.waitlist-removed',
      occurredAt: '2026-03-10T12:00:00.000Z',
      actor: { id: context.actorId, email: 'boss@example.com' },
      subject: fact.subject,
      ip: '203.0.113.5',
      details: fact.details,
    });
    expect(event.userAgent).toHaveLength(512);
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(jobs.enqueue).not.toHaveBeenCalled();
  });

  it('puts the event on the audit queue when the insert fails, so it is stored later rather than lost', async () => {
    const { log, jobs, recorder: audit } = recorder(async () => Promise.reject(new Error('db down')));
    await audit.record(context, fact);
    expect(jobs.enqueue).toHaveBeenCalledWith('record-audit', (log.record.mock.calls[0] as unknown[])[0]);
  });

  it('cuts or drops what breaks a limit (a long e-mail, a long address, an actor id that is no uuid) instead of failing the action', async () => {
    const { log, jobs, recorder: audit } = recorder(async () => true);
    const odd = { actorId: 'not-a-uuid', actorEmail: `${'a'.repeat(300)}@example.com`, ip: '9'.repeat(100), userAgent: null };
    await expect(
      audit.record(odd, { kind: 'admin.waitlist-removed', subject: { id: null, email: `${'b'.repeat(300)}@example.com` }, details: { waitlistEntryId: 'x'.repeat(400) } }),
    ).resolves.toBeUndefined();
    const [event] = log.record.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(() => AuditEventSchema.parse(event)).not.toThrow();
    expect(event).toMatchObject({ actor: { id: null }, ip: '9'.repeat(64) });
    expect((event.subject as { email: string }).email).toHaveLength(254);
    expect(jobs.enqueue).not.toHaveBeenCalled();
  });

  it('never fails the action that already happened, even when the queue fails too', async () => {
    const { recorder: audit } = recorder(async () => Promise.reject(new Error('db down')), async () => Promise.reject(new Error('redis down')));
    await expect(audit.record(context, fact)).resolves.toBeUndefined();
  });
});
