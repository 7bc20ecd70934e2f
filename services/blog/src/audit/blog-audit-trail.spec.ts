import { AuditEventSchema } from '@paycadence/contracts';
import { fixedClock, type JobProducer } from '@paycadence/nest-kit';
import { BlogAuditTrail, blogAuditEvent } from './blog-audit-trail.js';

const ADMIN = { id: '6f1d0a52-8c4e-4b8e-9d59-0c3a4f6b2a10', role: 'admin' as const, aal: 'aal2' as const, email: 'admin@example.com' };
const REQUEST = { ip: '203.0.113.9', headers: { 'user-agent': 'Mozilla/5.0' } };
const NOW = '2026-03-10T12:00:00.000Z';

describe('blogAuditEvent', () => {
  it('is a valid AuditEvent with the admin as actor and subject, the origin and the details', () => {
    const event = blogAuditEvent('blog.post-created', ADMIN, REQUEST, { postId: 'p', slug: 's', title: 't'.repeat(400) }, new Date(NOW));
    expect(AuditEventSchema.parse(event)).toMatchObject({
      kind: 'blog.post-created',
      occurredAt: NOW,
      actor: { id: ADMIN.id, email: ADMIN.email },
      subject: { id: ADMIN.id, email: ADMIN.email },
      ip: REQUEST.ip,
      userAgent: 'Mozilla/5.0',
      details: { postId: 'p', slug: 's', title: 't'.repeat(256) },
    });
  });
});

describe('BlogAuditTrail', () => {
  it("enqueues a record-audit job on admin's queue", async () => {
    const enqueue = jest.fn(async () => 'id');
    await new BlogAuditTrail({ enqueue } as unknown as JobProducer, fixedClock(NOW)).record('blog.image-uploaded', ADMIN, REQUEST, { url: '/u' });
    expect(enqueue).toHaveBeenCalledWith('record-audit', expect.objectContaining({ kind: 'blog.image-uploaded', occurredAt: NOW, details: { url: '/u' } }));
  });

  it('never fails the caller when Redis is down: it logs a warning', async () => {
    const trail = new BlogAuditTrail({ enqueue: async () => Promise.reject(new Error('ECONNREFUSED')) } as unknown as JobProducer, fixedClock(NOW));
    const warned = jest.spyOn((trail as unknown as { logger: { warn: (m: string) => void } }).logger, 'warn').mockImplementation(() => undefined);
    await expect(trail.record('blog.post-deleted', ADMIN, REQUEST, {})).resolves.toBeUndefined();
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('ECONNREFUSED'));
  });
});
