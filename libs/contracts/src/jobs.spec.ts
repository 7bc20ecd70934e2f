import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JOBS, JOB_NAMES, QUEUES, jobsOfQueue } from './jobs.js';

describe('job registry', () => {
  const userId = randomUUID();
  const itemId = randomUUID();
  const auditEvent = {
    id: randomUUID(),
    kind: 'auth.sign-in-failed',
    occurredAt: '2026-03-10T12:00:00.000Z',
    actor: { id: null, email: null },
    subject: { id: userId, email: 'someone@example.com' },
    ip: '203.0.113.9',
    userAgent: null,
    details: {},
  } as const;
  const samples = {
    'sync-item': { userId, itemId },
    'sync-user': { userId },
    'sweep-syncs': {},
    'detect-recurring': { userId },
    'record-audit': auditEvent,
    'scan-reminders': {},
    'plan-reminders': { userId, version: 3, moment: 1_773_428_400_000 },
    'send-reminder': { userId, kind: 'bill-due', itemId, date: '2026-03-14' },
  } as const;

  it.each(JOB_NAMES)('%s has a deterministic id BullMQ accepts (no ":", not an integer)', (name) => {
    const payload = JOBS[name].payload.parse(samples[name]);
    const id = JOBS[name].jobId(payload as never);
    expect(id).toBe(JOBS[name].jobId(JOBS[name].payload.parse(structuredClone(samples[name])) as never));
    expect(id).not.toContain(':');
    expect(`${Number.parseInt(id, 10)}`).not.toBe(id);
  });

  it("keys an audit event by the producer's own id, so a retried enqueue stores it once", () => {
    expect(JOBS['record-audit'].jobId(JOBS['record-audit'].payload.parse(auditEvent))).toBe(`${auditEvent.id}.audit`);
  });

  it('keys an item sync by the item, so one item is synced once at a time', () => {
    expect(JOBS['sync-item'].jobId({ userId, itemId })).toBe(`${itemId}.sync`);
  });

  it('keys a reminder by user, item, date and kind, so a second scan or worker adds the same job', () => {
    const job = { userId, kind: 'payday', itemId, date: '2026-03-13' } as const;
    expect(JOBS['send-reminder'].jobId(job)).toBe(`reminder.${userId}.${itemId}.2026-03-13.payday`);
    expect(JOBS['send-reminder'].jobId({ ...job, kind: 'bill-due' })).not.toBe(JOBS['send-reminder'].jobId(job));
    expect(JOBS['send-reminder'].payload.safeParse({ ...job, date: '13/03/2026' }).success).toBe(false);
    expect(jobsOfQueue(QUEUES.reminders)).toEqual(['scan-reminders', 'plan-reminders', 'send-reminder']);
    // A plan per user, version and moment: a change (new version) or a new moment is planned again, a rescan is not.
    const plan = { userId, version: 3, moment: 'stale' as const };
    expect(JOBS['plan-reminders'].jobId(plan)).toBe(`${userId}.v3.stale.plan`);
    expect(JOBS['plan-reminders'].jobId({ ...plan, version: 4 })).not.toBe(JOBS['plan-reminders'].jobId(plan));
  });

  it('keys the sync sweep by the queue alone, so two workers adding it make one run', () => {
    expect(JOBS['sweep-syncs'].jobId({})).toBe(JOBS['sweep-syncs'].jobId(JOBS['sweep-syncs'].payload.parse({})));
    expect(JOBS['sweep-syncs'].payload.safeParse({ itemId }).success).toBe(false);
  });

  it('refuses unknown fields and non-uuid ids', () => {
    expect(JOBS['sync-item'].payload.safeParse({ userId, itemId, extra: 1 }).success).toBe(false);
    expect(JOBS['sync-user'].payload.safeParse({ userId: 'not-a-uuid' }).success).toBe(false);
  });

  it('retries an audit event for at least an hour (about 6 days) and keeps it when it fails for good; other jobs are deleted', () => {
    const { attempts, backoffMs } = JOBS['record-audit'].retry;
    const totalWaitMs = backoffMs * (2 ** (attempts - 1) - 1); // exponential: backoffMs · 2^(n-1) before retry n
    expect(totalWaitMs).toBeGreaterThanOrEqual(3_600_000);
    expect(JOBS['record-audit'].keepFailed).toBe(true);
    expect(JOB_NAMES.filter((name) => (JOBS[name] as { keepFailed?: boolean }).keepFailed)).toEqual(['record-audit']);
  });

  it('lists the jobs a bank-sync worker must handle', () => {
    expect(jobsOfQueue(QUEUES.bankSync)).toEqual(['sync-item', 'sync-user', 'sweep-syncs', 'detect-recurring']);
  });

  it('retries an item sync more patiently than the default (Plaid rate limits), with a doubling delay', () => {
    expect(JOBS['sync-item'].retry).toEqual({ attempts: 6, backoffMs: 5_000 });
    for (const name of JOB_NAMES) {
      const retry = JOBS[name].retry;
      if (retry) expect(retry.attempts).toBeGreaterThanOrEqual(1);
    }
  });
});
