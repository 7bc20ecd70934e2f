import { randomUUID } from 'node:crypto';
import type { AccountSubject } from '@paycadence/contracts';
import { uncoveredOwnerColumns } from '@paycadence/nest-kit';
import {
  accountDataProbe,
  rowsNaming,
  startPrivateRedis,
  startServiceHarness,
  type AccountDataProbe,
  type PrivateRedis,
  type ServiceHarness,
} from '@paycadence/nest-kit/testing';
import { ADMIN_USER_TABLES } from '../src/account-data/admin-user-tables.js';
import type { AdminConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// The audit log keeps an ANONYMISED record of a deleted account. Its entries stay (kind, time,
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

describe('admin account data', () => {
  it('lists every table that names a user', async () => {
    expect(await uncoveredOwnerColumns((sql, params) => h.db.query(sql, params), h.schema, ADMIN_USER_TABLES)).toEqual([]);
  });

  it("exports the entries of the user's account only: never the administrator's id, address, IP or browser, nothing of Bob's", async () => {
    await entry('auth.mfa-enabled', [ann.userId, ann.email], [ann.userId, ann.email]);
    const reply = await probe.export(ann);
    if (!reply.ok) throw new Error(reply.message);
    // Matched by the account's id: the attempt recorded under the address before the account existed may have
    // been anybody's, so it is not handed to whoever holds the address now.
    expect(reply.tables.audit_log).toHaveLength(3);
    expect(reply.tables.audit_log!.some((row) => row.subject_id === null && row.kind === 'auth.sign-in-failed')).toBe(false);
    const suspended = reply.tables.audit_log!.find((row) => row.kind === 'admin.user-suspended');
    // The admin acted: who they were and where they were are theirs, not Ann's.
    expect(suspended).toMatchObject({ actor_id: null, actor_email: 'an administrator', subject_id: ann.userId, ip: null, user_agent: null });
    // A sign-in attempt on Ann's account came from whoever tried: not necessarily Ann.
    expect(reply.tables.audit_log!.find((row) => row.kind === 'auth.sign-in-failed')).toMatchObject({ subject_id: ann.userId, ip: null, user_agent: null });
    // What Ann did herself keeps her own IP and browser.
    expect(reply.tables.audit_log!.find((row) => row.kind === 'auth.mfa-enabled')).toMatchObject({ actor_id: ann.userId, ip: '203.0.113.9', user_agent: 'Firefox' });
    const text = JSON.stringify(reply);
    for (const other of [adminId, 'boss@example.com', bob.userId, bob.email]) expect(text).not.toContain(other);
  });

  it('erases nothing recorded under the address alone while the account has not confirmed it', async () => {
    const unconfirmed = { ...ann, email: null };
    expect(await probe.delete(unconfirmed)).toEqual({ ok: true, removed: { audit_log: 2 } });
    const { rows } = await q(`SELECT subject_email, ip FROM §.audit_log WHERE subject_id IS NULL AND lower(subject_email) = 'ann@example.com'`);
    expect(rows).toEqual([{ subject_email: 'ANN@example.com', ip: '203.0.113.9' }]);
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
