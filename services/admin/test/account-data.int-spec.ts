import { randomUUID } from 'node:crypto';
import type { AccountSubject } from '@payday/contracts';
import { uncoveredOwnerColumns } from '@payday/nest-kit';
import {
  accountDataProbe,
  rowsNaming,
  startPrivateRedis,
  startServiceHarness,
  type AccountDataProbe,
  type PrivateRedis,
  type ServiceHarness,
} from '@payday/nest-kit/testing';
import { ADMIN_USER_TABLES } from '../src/account-data/admin-user-tables.js';
import type { AdminConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// Issue 14 item 6: the audit log keeps an ANONYMISED record of a deleted account. Its entries stay (kind, time,
// details) but every column naming the person (ids, e-mails, IP, browser) is cleared; the table's triggers allow
// that and nothing else, and DELETE stays refused.
let h: ServiceHarness<AdminConfig>;
let redis: PrivateRedis;
let probe: AccountDataProbe;
const ann: AccountSubject = { userId: randomUUID(), email: 'ann@example.com' };
const bob: AccountSubject = { userId: randomUUID(), email: 'bob@example.com' };
const adminId = randomUUID();

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/admin', redisUrl: redis.url });
  probe = accountDataProbe(redis.url, 'admin');
});
afterAll(async () => {
  await probe?.close();
  await h?.close();
  await redis?.stop();
});

const q = (sql: string, params: unknown[] = []) => h.db.query(sql.replaceAll('§', `"${h.schema}"`), params);
const entry = (kind: string, actor: [string | null, string | null], subject: [string | null, string | null]) =>
  q(
    `INSERT INTO §.audit_log (id, kind, occurred_at, actor_id, actor_email, subject_id, subject_email, ip, user_agent, details)
     VALUES ($1, $2, now(), $3, $4, $5, $6, '203.0.113.9', 'Firefox', '{"reason":"wrong-password"}')`,
    [randomUUID(), kind, ...actor, ...subject],
  );

beforeEach(async () => {
  await h.truncate();
  await entry('auth.sign-in-failed', [null, null], [ann.userId, ann.email]);
  await entry('auth.sign-in-failed', [null, null], [null, 'ANN@example.com']); // before the account existed
  await entry('admin.user-suspended', [adminId, 'boss@example.com'], [ann.userId, ann.email]);
  await entry('auth.mfa-enabled', [bob.userId, bob.email], [bob.userId, bob.email]);
});

describe('admin account data (issue 14 item 6)', () => {
  it('lists every table that names a user', async () => {
    expect(await uncoveredOwnerColumns((sql, params) => h.db.query(sql, params), h.schema, ADMIN_USER_TABLES)).toEqual([]);
  });

  it("exports the user's entries, never who the administrator was, nothing of Bob's", async () => {
    const reply = await probe.export(ann);
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.tables.audit_log).toHaveLength(3);
    const suspended = reply.tables.audit_log!.find((row) => row.kind === 'admin.user-suspended');
    expect(suspended).toMatchObject({ actor_id: null, actor_email: 'an administrator', subject_id: ann.userId });
    const text = JSON.stringify(reply);
    for (const other of [adminId, 'boss@example.com', bob.userId, bob.email]) expect(text).not.toContain(other);
  });

  it("keeps the entries but clears every column naming the user; Bob's entries stay whole", async () => {
    const bobBefore = (await q(`SELECT * FROM §.audit_log WHERE subject_id = $1`, [bob.userId])).rows;
    expect(await probe.delete(ann)).toEqual({ ok: true, removed: { audit_log: 3 } });
    expect(await rowsNaming(h.db, h.schema, ann)).toEqual({});
    const { rows } = await q(`SELECT kind, actor_id, actor_email, subject_id, subject_email, ip, user_agent, details FROM §.audit_log ORDER BY kind`);
    expect(rows).toHaveLength(4);
    const suspended = rows.find((row) => row.kind === 'admin.user-suspended');
    // The administrator who acted is still named: the log of admin actions stays whole.
    expect(suspended).toMatchObject({ actor_id: adminId, actor_email: 'boss@example.com', subject_id: null, subject_email: null, ip: null });
    expect(rows.filter((row) => row.kind === 'auth.sign-in-failed')).toEqual([
      expect.objectContaining({ subject_id: null, subject_email: null, ip: null, user_agent: null, details: { reason: 'wrong-password' } }),
      expect.objectContaining({ subject_id: null, subject_email: null, ip: null, user_agent: null, details: { reason: 'wrong-password' } }),
    ]);
    expect((await q(`SELECT * FROM §.audit_log WHERE subject_id = $1`, [bob.userId])).rows).toEqual(bobBefore);
    expect(await probe.delete(ann)).toEqual({ ok: true, removed: { audit_log: 0 } });
  });

  it('stays append-only for everything but that erasure', async () => {
    await expect(q(`DELETE FROM §.audit_log WHERE subject_id = $1`, [ann.userId])).rejects.toThrow(/append-only/);
    await expect(q(`UPDATE §.audit_log SET subject_id = NULL WHERE subject_id = $1`, [ann.userId])).rejects.toThrow(/append-only/);
    // Even inside an erasure, only clearing is allowed: no rewriting what happened.
    await q('BEGIN');
    try {
      await q(`SELECT set_config('paycadence.audit_erasure', 'on', true)`);
      await expect(q(`UPDATE §.audit_log SET kind = 'nothing' WHERE subject_id = $1`, [ann.userId])).rejects.toThrow(/only clear/);
    } finally {
      await q('ROLLBACK');
    }
  });
});
