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
import { WAITLIST_USER_TABLES } from '../src/account-data/waitlist-user-tables.js';
import type { WaitlistConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// The waitlist knows people by address only; the entry made with the account's e-mail (in any
// letter case) is exported and deleted, nobody else's.
let h: ServiceHarness<WaitlistConfig>;
let redis: PrivateRedis;
let probe: AccountDataProbe;
const ann: AccountSubject = { userId: randomUUID(), email: 'Ann@Example.com' };
const bob: AccountSubject = { userId: randomUUID(), email: 'bob@example.com' };

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, { redisUrl: redis.url });
  probe = accountDataProbe(redis.url, 'waitlist');
});
afterAll(async () => {
  await probe?.close();
  await h?.close();
  await redis?.stop();
});
beforeEach(async () => {
  await h.truncate();
  for (const [email, name] of [['ann@example.com', 'Ann'], ['bob@example.com', '@Bob']]) {
    await h.db.query(`INSERT INTO "${h.schema}".waitlist_entries (email, name, referral_source) VALUES ($1, $2, 'homepage-hero')`, [email, name]);
  }
});

describe('waitlist account data', () => {
  it('lists every table that names a user', async () => {
    expect(await uncoveredOwnerColumns((sql, params) => h.db.query(sql, params), h.schema, WAITLIST_USER_TABLES)).toEqual([]);
  });

  it("exports the user's entry and not Bob's", async () => {
    const reply = await probe.export(ann);
    expect(reply).toMatchObject({ ok: true, tables: { waitlist_entries: [{ email: 'ann@example.com', name: 'Ann', referral_source: 'homepage-hero' }] } });
    expect(JSON.stringify(reply)).not.toContain('bob@example.com');
  });

  it("deletes the user's entry only, and again finds nothing", async () => {
    expect(await probe.delete(ann)).toEqual({ ok: true, removed: { waitlist_entries: 1 } });
    expect(await rowsNaming(h.db, h.schema, ann)).toEqual({});
    expect(await rowsNaming(h.db, h.schema, bob)).toEqual({ waitlist_entries: 1 });
    expect(await probe.delete(ann)).toEqual({ ok: true, removed: { waitlist_entries: 0 } });
  });
});
