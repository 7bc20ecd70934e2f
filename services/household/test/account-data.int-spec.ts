import { randomUUID } from 'node:crypto';
import { membershipVersionKey, type AccountSubject } from '@paycadence/contracts';
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
import { Redis } from 'ioredis';
import { HOUSEHOLD_USER_TABLES } from '../src/account-data/household-user-tables.js';
import type { HouseholdConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// Household's part of "export everything" and "delete my account", asked over the real Redis
// transport as auth asks. A deleted owner's household goes to a partner first, else the member who joined
// first; a household only they belong to is deleted; nobody else loses a membership or an invitation.
let h: ServiceHarness<HouseholdConfig>;
let redis: PrivateRedis;
let probe: AccountDataProbe;
const ann: AccountSubject = { userId: randomUUID(), email: 'ann@example.com' };
const bob: AccountSubject = { userId: randomUUID(), email: 'bob@example.com' };
const pat = randomUUID();
const mel = randomUUID();
const ids = { partnered: randomUUID(), membersOnly: randomUUID(), alone: randomUUID(), bobs: randomUUID(), bobAlone: randomUUID() };

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/household', redisUrl: redis.url, env: { APP_URL: 'http://app.test', SMTP_URL: '' } });
  probe = accountDataProbe(redis.url, 'household');
}, 60_000);
afterAll(async () => {
  await probe?.close();
  await h?.close();
  await redis?.stop();
});

const q = (sql: string, params: unknown[] = []) => h.db.query(sql.replaceAll('§', `"${h.schema}"`), params);
const roles = async (householdId: string) =>
  Object.fromEntries((await q(`SELECT user_id, role FROM §.household_members WHERE household_id = $1`, [householdId])).rows.map((r) => [r.user_id, r.role]));

beforeEach(async () => {
  await h.truncate();
  const member = (household: string, user: string, role: string, joined: string) =>
    q(`INSERT INTO §.household_members (household_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)`, [household, user, role, joined]);
  const invitation = (household: string, email: string, by: string) =>
    q(
      `INSERT INTO §.household_invitations (household_id, email, role, token_hash, invited_by, created_at, expires_at)
       VALUES ($1, $2, 'member', $3, $4, now(), now() + interval '7 days')`,
      [household, email, randomUUID(), by],
    );
  for (const [id, name] of Object.entries({ [ids.partnered]: 'Ann & Pat', [ids.membersOnly]: 'Book club', [ids.alone]: 'Just Ann', [ids.bobs]: "Bob's", [ids.bobAlone]: 'Just Bob' })) {
    await q(`INSERT INTO §.households (id, name) VALUES ($1, $2)`, [id, name]);
  }
  // Ann owns "Ann & Pat" with Mel (an older member) and Pat (a younger partner): Pat takes over.
  await member(ids.partnered, ann.userId, 'owner', '2026-01-01');
  await member(ids.partnered, mel, 'member', '2026-01-02');
  await member(ids.partnered, pat, 'partner', '2026-01-05');
  // Ann owns "Book club" with Mel only: Mel takes over.
  await member(ids.membersOnly, ann.userId, 'owner', '2026-01-01');
  await member(ids.membersOnly, mel, 'member', '2026-01-03');
  await member(ids.alone, ann.userId, 'owner', '2026-01-01');
  // Ann is a member of Bob's household; Bob has one of his own.
  await member(ids.bobs, bob.userId, 'owner', '2026-01-01');
  await member(ids.bobs, ann.userId, 'member', '2026-01-04');
  await member(ids.bobAlone, bob.userId, 'owner', '2026-01-01');
  await invitation(ids.partnered, 'zoe@example.com', ann.userId); // Ann invited Zoe
  await invitation(ids.bobAlone, ann.email, bob.userId); // Bob invited Ann
  await invitation(ids.bobAlone, 'carl@example.com', bob.userId); // Bob invited Carl
});

describe('household account data', () => {
  it('lists every table that names a user (a new table must join HOUSEHOLD_USER_TABLES)', async () => {
    expect(await uncoveredOwnerColumns((sql, params) => h.db.query(sql, params), h.schema, HOUSEHOLD_USER_TABLES)).toEqual([]);
  });

  it("exports the user's households, memberships and invitations as the database holds them, without tokens or other people's ids", async () => {
    const reply = await probe.export(ann);
    if (!reply.ok) throw new Error(reply.message);
    const inDatabase = await rowsNaming(h.db, h.schema, ann);
    expect(inDatabase).toEqual({ household_members: 4, household_invitations: 2 });
    for (const [table, count] of Object.entries(inDatabase)) expect({ table, rows: reply.tables[table]?.length }).toEqual({ table, rows: count });
    expect(reply.tables.households!.map((row) => row.name).sort()).toEqual(['Ann & Pat', "Bob's", 'Book club', 'Just Ann']);
    expect(reply.tables.household_invitations!.every((row) => !('token_hash' in row))).toBe(true);
    const text = JSON.stringify(reply);
    for (const other of [bob.userId, pat, mel, 'carl@example.com', 'Just Bob']) expect(text).not.toContain(other);
  });

  it('hands households over (partner first, else the oldest member), deletes the one only the user is in, and touches nobody else', async () => {
    const bobBefore = await rowsNaming(h.db, h.schema, bob);
    const versions = new Redis(redis.url);
    await versions.set(membershipVersionKey(pat), 'before');

    const reply = await probe.delete(ann);
    expect(reply).toMatchObject({ ok: true, removed: { household_members: 3, household_invitations: 2, households: 1, handed_over: 2 } });
    expect(await rowsNaming(h.db, h.schema, ann)).toEqual({});
    expect(await roles(ids.partnered)).toEqual({ [pat]: 'owner', [mel]: 'member' });
    expect(await roles(ids.membersOnly)).toEqual({ [mel]: 'owner' });
    expect(await roles(ids.bobs)).toEqual({ [bob.userId]: 'owner' });
    expect((await q(`SELECT id FROM §.households WHERE id = $1`, [ids.alone])).rows).toEqual([]);
    // Bob keeps everything but the invitation he sent to Ann's address (it named her; she is gone).
    expect(await rowsNaming(h.db, h.schema, bob)).toEqual({ ...bobBefore, household_invitations: bobBefore.household_invitations! - 1 });
    expect((await q(`SELECT email FROM §.household_invitations`)).rows).toEqual([{ email: 'carl@example.com' }]);
    // Pat's kept answers in finance are stale now: the membership version changed.
    expect(await versions.get(membershipVersionKey(pat))).not.toBe('before');
    versions.disconnect();

    const again = await probe.delete(ann);
    expect(again.ok && Object.values(again.removed).every((count) => count === 0)).toBe(true);
  });
});
