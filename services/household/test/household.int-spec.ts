import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, Payload } from '@nestjs/microservices';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ExistingHouseholdsReplySchema,
  HOUSEHOLD_EVENTS,
  EMAIL_CONFIRMATION_MESSAGES,
  HOUSEHOLD_MESSAGES,
  HOUSEHOLD_PATTERNS,
  INVITATION_PATH,
  INVITATIONS_PER_DAY,
  INVITATIONS_WINDOW_SECONDS,
  HouseholdMembersResponseSchema,
  InvitationDetailsResponseSchema,
  InviteMemberResponseSchema,
  MembershipsOfReplySchema,
  MyHouseholdsResponseSchema,
  membershipVersionKey,
} from '@paycadence/contracts';
import { createRedisClient, redisTransportOptions, type SettableClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, TEST_NOW, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { firstValueFrom, timeout } from 'rxjs';
import type { HouseholdConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
// Members' names and e-mails come from the real auth service over the transport: the one place household loads auth.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { AuthConfig } from '../../auth/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { serviceDefinition as authDefinition } from '../../auth/src/service-definition.js';

// Household and auth, each real on its own schema of the real PostgreSQL, on a Redis of this test's own (pub/sub
// ignores key prefixes). Household verifies the harness's tokens; each test person also has an account in auth
// (same id), which auth's directory answers for. Invitation e-mails land in household's outbox.
const dataDir = mkdtempSync(join(tmpdir(), 'household-'));
let redis: PrivateRedis;
let auth: ServiceHarness<AuthConfig>;
let h: ServiceHarness<HouseholdConfig>;

beforeAll(async () => {
  redis = await startPrivateRedis();
  auth = await startServiceHarness(authDefinition, {
    redisUrl: redis.url,
    env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'household-auth-')), SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/household',
    redisUrl: redis.url,
    env: { DATA_DIR: dataDir, APP_URL: 'http://app.test', SMTP_URL: '', AUTH_DIRECTORY_TIMEOUT_MS: '1500' },
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await auth?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await h.truncate();
  (h.clock as SettableClock).set(TEST_NOW);
});

interface Person {
  id: string;
  token: string;
  email: string;
  name: string;
}

let counter = 0;
/**
 * A signed-in person with an account in auth (the directory's answer) under a fresh e-mail, confirmed unless the
 * test says otherwise (`confirmed: false`: registered, the link never opened).
 */
async function person(firstName: string, lastName: string | null = 'Lee', { confirmed = true } = {}): Promise<Person> {
  const { id, token } = await h.auth.user();
  const email = `${firstName.toLowerCase()}${++counter}-${process.pid}@example.com`;
  await auth.db.query(
    `INSERT INTO "${auth.schema}".users (id, email, password_hash, first_name, last_name, email_confirmed_at)
     VALUES ($1, $2, 'x', $3, $4, CASE WHEN $5::boolean THEN now() END)`,
    [id, email, firstName, lastName, confirmed],
  );
  return { id, token, email, name: [firstName, lastName].filter(Boolean).join(' ') };
}

const as = (who: Person, method: string, path: string, body?: unknown) => h.call(method, path, { token: who.token, body });

async function createHousehold(owner: Person, name = 'Lee Family'): Promise<string> {
  const created = await as(owner, 'POST', '/create', { name });
  expect(created.status).toBe(201);
  return created.body.id;
}

const outbox = (): Array<{ to: string; subject: string; text: string; html: string }> => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')));
  } catch {
    return [];
  }
};
const mailTo = (email: string) => outbox().filter((mail) => mail.to === email);

/** The token of the newest invitation e-mailed to `email`, read from its link. */
function tokenMailedTo(email: string): string {
  const mails = mailTo(email);
  expect(mails.length).toBeGreaterThan(0);
  const link = /http:\/\/app\.test\S+/.exec(mails[mails.length - 1]!.text)![0];
  const url = new URL(link);
  expect(url.pathname).toBe(INVITATION_PATH);
  // The token is in the fragment only: nothing a browser sends for the link carries it.
  expect(url.search).toBe('');
  return new URLSearchParams(url.hash.slice(1)).get('token')!;
}

/** Owner invites `guest` (default role) and the guest accepts; answers the household id. */
async function householdWith(owner: Person, guest: Person, role?: 'partner' | 'member'): Promise<string> {
  const id = await createHousehold(owner);
  expect((await as(owner, 'POST', `/${id}/invite`, { email: guest.email, ...(role ? { role } : {}) })).status).toBe(201);
  expect((await as(guest, 'POST', '/accept-invitation', { token: tokenMailedTo(guest.email) })).status).toBe(200);
  return id;
}

describe('proven addresses', () => {
  const confirm = (who: Person) => auth.db.query(`UPDATE "${auth.schema}".users SET email_confirmed_at = now() WHERE id = $1`, [who.id]);

  it('sends no invitation from an account whose address is unconfirmed, and takes none of its allowance', async () => {
    const owner = await person('Una', 'Lee', { confirmed: false });
    const id = await createHousehold(owner);
    const stranger = `stranger${++counter}@example.com`;
    const refused = await as(owner, 'POST', `/${id}/invite`, { email: stranger });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.requiredToInvite);
    expect(mailTo(stranger)).toHaveLength(0);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".household_invitations`)).rows[0].n).toBe(0);

    await confirm(owner);
    expect((await as(owner, 'POST', `/${id}/invite`, { email: stranger })).status).toBe(201);
    expect(mailTo(stranger)).toHaveLength(1);
    // The refused attempt cost nothing: the whole day's allowance is still there.
    for (let sent = 1; sent < INVITATIONS_PER_DAY; sent += 1) {
      expect((await as(owner, 'POST', `/${id}/invite`, { email: `more${sent}-${++counter}@example.com` })).status).toBe(201);
    }
    expect((await as(owner, 'POST', `/${id}/invite`, { email: `over-${++counter}@example.com` })).status).toBe(429);
  });

  it('lets the invited address join only once its owner confirmed it; the invitation waits meanwhile', async () => {
    const owner = await person('Ola');
    // Whoever saw the link registered the invited address (it had no account yet), but never proved it.
    const squatter = await person('Sam', 'Lee', { confirmed: false });
    const id = await createHousehold(owner);
    expect((await as(owner, 'POST', `/${id}/invite`, { email: squatter.email })).status).toBe(201);
    const token = tokenMailedTo(squatter.email);

    const refused = await as(squatter, 'POST', '/accept-invitation', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.requiredToJoin);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".household_members WHERE user_id = $1`, [squatter.id])).rows[0].n).toBe(0);

    await confirm(squatter);
    expect((await as(squatter, 'POST', '/accept-invitation', { token })).status).toBe(200);
  });

  it('tells a confirmed account of another address that the invitation is not theirs', async () => {
    const owner = await person('Pia');
    const invited = `someone${++counter}@example.com`;
    const other = await person('Quin');
    const id = await createHousehold(owner);
    expect((await as(owner, 'POST', `/${id}/invite`, { email: invited })).status).toBe(201);
    const answer = await as(other, 'POST', '/accept-invitation', { token: tokenMailedTo(invited) });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(HOUSEHOLD_MESSAGES.invitationForSomeoneElse);
  });
});

describe('create and list', () => {
  it('makes the creator the owner and lists their households oldest first with their role', async () => {
    const ann = await person('Ann');
    const created = await as(ann, 'POST', '/create', { name: '  Lee Family ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Lee Family', my_role: 'owner' });
    await createHousehold(ann, 'Cabin');
    const listed = await as(ann, 'GET', '/my-households');
    expect(listed.status).toBe(200);
    expect(MyHouseholdsResponseSchema.parse(listed.body).households.map((household) => [household.name, household.my_role])).toEqual([
      ['Lee Family', 'owner'],
      ['Cabin', 'owner'],
    ]);
  });

  it('refuses a missing name with the documented message, and a caller without a token with 401', async () => {
    const ann = await person('Ann');
    const blank = await as(ann, 'POST', '/create', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(HOUSEHOLD_MESSAGES.nameRequired);
    expect((await h.call('GET', '/my-households', { token: null })).status).toBe(401);
    expect((await h.call('POST', '/create', { token: null, body: { name: 'x' } })).status).toBe(401);
  });
});

describe('invitations', () => {
  it('e-mails one link whose token lets the invited account join with the invited role', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo', 'Park')];
    const id = await createHousehold(ann);
    const invited = await as(ann, 'POST', `/${id}/invite`, { email: bo.email.toUpperCase() });
    expect(invited.status).toBe(201);
    expect(InviteMemberResponseSchema.parse(invited.body)).toEqual({
      message: HOUSEHOLD_MESSAGES.invitationSent(bo.email),
      email: bo.email,
      role: 'partner',
      expires_at: '2026-03-17T12:00:00.000Z',
    });
    const mails = mailTo(bo.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("You're invited to join Lee Family on PayCadence");
    expect(mails[0]!.text).toContain('Ann Lee');
    const token = tokenMailedTo(bo.email);
    // Only the hash is stored.
    const stored = await h.db.query(`SELECT token_hash FROM "${h.schema}".household_invitations`);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toBe(token);

    const details = await h.call('POST', '/invitation-details', { token: null, body: { token } });
    expect(details.status).toBe(200);
    expect(InvitationDetailsResponseSchema.parse(details.body)).toEqual({
      household_name: 'Lee Family',
      invited_by: 'Ann Lee',
      email: bo.email,
      role: 'partner',
      expires_at: '2026-03-17T12:00:00.000Z',
    });

    const accepted = await as(bo, 'POST', '/accept-invitation', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ household: { id, name: 'Lee Family', my_role: 'partner' } });
    expect((await as(bo, 'GET', '/my-households')).body.households).toEqual([{ id, name: 'Lee Family', my_role: 'partner' }]);

    const members = await as(bo, 'GET', `/${id}/members`);
    expect(members.status).toBe(200);
    expect(HouseholdMembersResponseSchema.parse(members.body).members).toEqual([
      { id: ann.id, name: 'Ann Lee', email: ann.email, role: 'owner' },
      { id: bo.id, name: 'Bo Park', email: bo.email, role: 'partner' },
    ]);
  });

  it("refuses the invitation with another account's session (403) and keeps it usable for the invited one", async () => {
    const [ann, bo, cy] = [await person('Ann'), await person('Bo'), await person('Cy')];
    const id = await createHousehold(ann);
    await as(ann, 'POST', `/${id}/invite`, { email: bo.email });
    const token = tokenMailedTo(bo.email);
    const wrong = await as(cy, 'POST', '/accept-invitation', { token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(HOUSEHOLD_MESSAGES.invitationForSomeoneElse);
    expect((await as(cy, 'GET', `/${id}/members`)).status).toBe(404);
    expect((await as(bo, 'POST', '/accept-invitation', { token })).status).toBe(200);
  });

  it('answers a used token 409 and an unknown one 404', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await createHousehold(ann);
    await as(ann, 'POST', `/${id}/invite`, { email: bo.email });
    const token = tokenMailedTo(bo.email);
    expect((await as(bo, 'POST', '/accept-invitation', { token })).status).toBe(200);
    const again = await as(bo, 'POST', '/accept-invitation', { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(HOUSEHOLD_MESSAGES.invitationUsed);
    expect((await h.call('POST', '/invitation-details', { token: null, body: { token } })).status).toBe(409);
    const unknown = await as(bo, 'POST', '/accept-invitation', { token: `${token}x` });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(HOUSEHOLD_MESSAGES.invitationNotFound);
  });

  it('answers an expired token 410, and a new invitation then replaces it', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await createHousehold(ann);
    await as(ann, 'POST', `/${id}/invite`, { email: bo.email });
    const stale = tokenMailedTo(bo.email);
    (h.clock as SettableClock).advance(7 * 24 * 60 * 60 * 1000);
    const expired = await as(bo, 'POST', '/accept-invitation', { token: stale });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(HOUSEHOLD_MESSAGES.invitationExpired);
    expect((await h.call('POST', '/invitation-details', { token: null, body: { token: stale } })).status).toBe(410);
    expect((await as(bo, 'GET', '/my-households')).body.households).toEqual([]);

    expect((await as(ann, 'POST', `/${id}/invite`, { email: bo.email })).status).toBe(201);
    expect(mailTo(bo.email)).toHaveLength(2);
    expect((await as(bo, 'POST', '/accept-invitation', { token: tokenMailedTo(bo.email) })).status).toBe(200);
  });

  it('refuses inviting a member or an address already invited (409) and sends nothing twice', async () => {
    const [ann, bo, cy] = [await person('Ann'), await person('Bo'), await person('Cy')];
    const id = await householdWith(ann, bo);
    const member = await as(ann, 'POST', `/${id}/invite`, { email: bo.email });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe(HOUSEHOLD_MESSAGES.alreadyMember);
    expect(mailTo(bo.email)).toHaveLength(1);

    expect((await as(ann, 'POST', `/${id}/invite`, { email: cy.email })).status).toBe(201);
    const twice = await as(bo, 'POST', `/${id}/invite`, { email: cy.email });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(HOUSEHOLD_MESSAGES.alreadyInvited);
    expect(mailTo(cy.email)).toHaveLength(1);
  });

  it(`lets one person send ${INVITATIONS_PER_DAY} invitations a day across households, then answers 429 with the wait and sends nothing`, async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const first = await createHousehold(ann, 'First');
    // A refused invitation (already invited) costs nothing: the allowance counts e-mails sent.
    expect((await as(ann, 'POST', `/${first}/invite`, { email: 'guest-0@example.com' })).status).toBe(201);
    expect((await as(ann, 'POST', `/${first}/invite`, { email: 'guest-0@example.com' })).status).toBe(409);
    for (let i = 1; i < INVITATIONS_PER_DAY; i += 1) {
      expect((await as(ann, 'POST', `/${first}/invite`, { email: `guest-${i}@example.com` })).status).toBe(201);
    }
    // A fresh household gives no fresh allowance.
    const second = await createHousehold(ann, 'Second');
    const refused = await as(ann, 'POST', `/${second}/invite`, { email: 'one-more@example.com' });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(INVITATIONS_WINDOW_SECONDS - 120);
    expect(wait).toBeLessThanOrEqual(INVITATIONS_WINDOW_SECONDS);
    expect(refused.body).toMatchObject({ message: HOUSEHOLD_MESSAGES.tooManyInvitations(wait), retryAfterSeconds: wait });
    expect(refused.body.message).toMatch(/You can send more in 2[34] hours\.$/);
    expect(mailTo('one-more@example.com')).toHaveLength(0);
    const stored = await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".household_invitations WHERE email = 'one-more@example.com'`);
    expect(stored.rows[0].n).toBe(0);

    // Someone else's allowance is their own.
    const bos = await createHousehold(bo, 'Bo home');
    expect((await as(bo, 'POST', `/${bos}/invite`, { email: 'one-more@example.com' })).status).toBe(201);
    expect(mailTo('one-more@example.com')).toHaveLength(1);
  });

  it("lets a partner invite but refuses a member's invitation with 403", async () => {
    const [ann, bo, cy, dee] = [await person('Ann'), await person('Bo'), await person('Cy'), await person('Dee')];
    const id = await householdWith(ann, bo, 'member');
    const refused = await as(bo, 'POST', `/${id}/invite`, { email: cy.email });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(HOUSEHOLD_MESSAGES.cannotInvite);
    expect(mailTo(cy.email)).toHaveLength(0);

    expect((await as(ann, 'POST', `/${id}/invite`, { email: cy.email })).status).toBe(201);
    expect((await as(cy, 'POST', '/accept-invitation', { token: tokenMailedTo(cy.email) })).body.household.my_role).toBe('partner');
    expect((await as(cy, 'POST', `/${id}/invite`, { email: dee.email })).status).toBe(201);
  });
});

/** Until `count` requests of this service wait for a row lock on household tables (bounded at 10 s). */
async function waitingOnLocks(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await h.db.query(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND datname = current_database() AND query ILIKE '%household_%'`,
    );
    if (rows[0].waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('at the same moment', () => {
  it('lets only one of two accepts of one token win, and sends one of two identical invitations', async () => {
    const [ann, bo, cy] = [await person('Ann'), await person('Bo'), await person('Cy')];
    const id = await createHousehold(ann);
    await as(ann, 'POST', `/${id}/invite`, { email: bo.email });
    const token = tokenMailedTo(bo.email);
    // Hold the invitation row until both accepts wait in PostgreSQL, so they truly overlap.
    const blocker = new pg.Client({ connectionString: h.config.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT id FROM "${h.schema}".household_invitations WHERE email = $1 FOR UPDATE`, [bo.email]);
      const accepting = Promise.all([as(bo, 'POST', '/accept-invitation', { token }), as(bo, 'POST', '/accept-invitation', { token })]);
      await waitingOnLocks(2);
      await blocker.query('COMMIT');
      const accepts = await accepting;
      expect(accepts.map((answer) => answer.status).sort()).toEqual([200, 409]);
    } finally {
      await blocker.end();
    }
    expect((await as(ann, 'GET', `/${id}/members`)).body.members).toHaveLength(2);

    const invites = await Promise.all([as(ann, 'POST', `/${id}/invite`, { email: cy.email }), as(bo, 'POST', `/${id}/invite`, { email: cy.email })]);
    expect(invites.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(mailTo(cy.email)).toHaveLength(1);
  });
});

describe('a non-member', () => {
  it('reads and changes nothing of a household: 404 like an unknown id', async () => {
    const [ann, eve, bo] = [await person('Ann'), await person('Eve'), await person('Bo')];
    const id = await createHousehold(ann);
    for (const [method, path, body] of [
      ['GET', `/${id}/members`, undefined],
      ['POST', `/${id}/invite`, { email: bo.email }],
      ['POST', `/${id}/leave`, undefined],
      ['PUT', `/${id}/members/${ann.id}`, { role: 'member' }],
      ['GET', '/not-a-uuid/members', undefined],
    ] as const) {
      const answer = await as(eve, method, path, body);
      expect({ path, status: answer.status, message: answer.body?.message }).toEqual({ path, status: 404, message: HOUSEHOLD_MESSAGES.notFound });
    }
    expect(mailTo(bo.email)).toHaveLength(0);
    expect((await as(ann, 'GET', `/${id}/members`)).body.members).toHaveLength(1);
  });
});

describe('leaving and roles', () => {
  it('lets a member leave; the last owner may not while others remain; an owner alone deletes the household', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await householdWith(ann, bo);
    const lastOwner = await as(ann, 'POST', `/${id}/leave`);
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.message).toBe(HOUSEHOLD_MESSAGES.lastOwner);

    expect((await as(bo, 'POST', `/${id}/leave`)).body).toEqual({ success: true, household_deleted: false });
    expect((await as(bo, 'GET', '/my-households')).body.households).toEqual([]);
    expect((await as(bo, 'GET', `/${id}/members`)).status).toBe(404);

    expect((await as(ann, 'POST', `/${id}/leave`)).body).toEqual({ success: true, household_deleted: true });
    expect((await h.db.query(`SELECT id FROM "${h.schema}".households`)).rows).toEqual([]);
  });

  it('lets owners hand ownership over, never leaving zero owners; others may not change roles', async () => {
    const [ann, bo, cy] = [await person('Ann'), await person('Bo'), await person('Cy')];
    const id = await householdWith(ann, bo);
    const byPartner = await as(bo, 'PUT', `/${id}/members/${bo.id}`, { role: 'owner' });
    expect(byPartner.status).toBe(403);
    expect(byPartner.body.message).toBe(HOUSEHOLD_MESSAGES.onlyOwnersChangeRoles);
    const stranger = await as(ann, 'PUT', `/${id}/members/${cy.id}`, { role: 'member' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(HOUSEHOLD_MESSAGES.memberNotFound);
    const zeroOwners = await as(ann, 'PUT', `/${id}/members/${ann.id}`, { role: 'partner' });
    expect(zeroOwners.status).toBe(409);
    expect(zeroOwners.body.message).toBe(HOUSEHOLD_MESSAGES.lastOwnerRole);

    const handedOver = await as(ann, 'PUT', `/${id}/members/${bo.id}`, { role: 'owner' });
    expect(handedOver.status).toBe(200);
    expect(handedOver.body.members.map((member: { id: string; role: string }) => [member.id, member.role])).toEqual(
      expect.arrayContaining([
        [ann.id, 'owner'],
        [bo.id, 'owner'],
      ]),
    );
    expect((await as(ann, 'POST', `/${id}/leave`)).body).toEqual({ success: true, household_deleted: false });
    expect((await as(bo, 'GET', `/${id}/members`)).body.members).toEqual([{ id: bo.id, name: bo.name, email: bo.email, role: 'owner' }]);
  });
});

describe('the household lock decides on fresh rows', () => {
  it("refuses a partner's leave that would end with no owner, when ownership moved to them while they waited", async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await householdWith(ann, bo);
    // Ann hands ownership to Bo and steps down, holding the household's lock while Bo asks to leave as a partner.
    const blocker = new pg.Client({ connectionString: h.config.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT id FROM "${h.schema}".households WHERE id = $1 FOR UPDATE`, [id]);
      const leaving = as(bo, 'POST', `/${id}/leave`);
      await waitingOnLocks(1);
      await blocker.query(`UPDATE "${h.schema}".household_members SET role = CASE WHEN user_id = $2 THEN 'owner' ELSE 'partner' END WHERE household_id = $1`, [id, bo.id]);
      await blocker.query('COMMIT');
      const left = await leaving;
      expect(left.status).toBe(409);
      expect(left.body.message).toBe(HOUSEHOLD_MESSAGES.lastOwner);
    } finally {
      await blocker.end();
    }
    const roles = (await as(ann, 'GET', `/${id}/members`)).body.members.map((member: { role: string }) => member.role);
    expect(roles.sort()).toEqual(['owner', 'partner']);
  });

  it('answers an accept that waited while the household was deleted 404 "not valid", never a server error', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await createHousehold(ann);
    await as(ann, 'POST', `/${id}/invite`, { email: bo.email });
    const token = tokenMailedTo(bo.email);
    const blocker = new pg.Client({ connectionString: h.config.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT id FROM "${h.schema}".households WHERE id = $1 FOR UPDATE`, [id]);
      const accepting = as(bo, 'POST', '/accept-invitation', { token });
      await waitingOnLocks(1);
      await blocker.query(`DELETE FROM "${h.schema}".households WHERE id = $1`, [id]);
      await blocker.query('COMMIT');
      const accepted = await accepting;
      expect(accepted.status).toBe(404);
      expect(accepted.body.message).toBe(HOUSEHOLD_MESSAGES.invitationNotFound);
    } finally {
      await blocker.end();
    }
    expect((await as(bo, 'GET', '/my-households')).body.households).toEqual([]);
  });
});

describe('an invitation whose sender may no longer invite', () => {
  it('is refused (409) once its sender was made a member or left, on the page and at accept', async () => {
    const [ann, bo, cy, dee] = [await person('Ann'), await person('Bo'), await person('Cy'), await person('Dee')];
    const id = await householdWith(ann, bo);
    expect((await as(bo, 'POST', `/${id}/invite`, { email: cy.email })).status).toBe(201);
    expect((await as(bo, 'POST', `/${id}/invite`, { email: dee.email, role: 'member' })).status).toBe(201);
    expect((await as(ann, 'PUT', `/${id}/members/${bo.id}`, { role: 'member' })).status).toBe(200);

    const page = await h.call('POST', '/invitation-details', { token: null, body: { token: tokenMailedTo(cy.email) } });
    expect(page.status).toBe(409);
    expect(page.body.message).toBe(HOUSEHOLD_MESSAGES.invitationWithdrawn);
    const accepted = await as(cy, 'POST', '/accept-invitation', { token: tokenMailedTo(cy.email) });
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toBe(HOUSEHOLD_MESSAGES.invitationWithdrawn);

    expect((await as(bo, 'POST', `/${id}/leave`)).status).toBe(200);
    expect((await as(dee, 'POST', '/accept-invitation', { token: tokenMailedTo(dee.email) })).status).toBe(409);
    expect((await as(ann, 'GET', `/${id}/members`)).body.members.map((member: { id: string }) => member.id)).toEqual([ann.id]);
  });
});

describe('household tells finance (Redis transport event)', () => {
  it('announces a deleted household once its owner, alone, left, and nothing when a member leaves', async () => {
    const heard: unknown[] = [];
    @Controller()
    class FinanceStandIn {
      @EventPattern(HOUSEHOLD_EVENTS.deleted)
      deleted(@Payload() payload: unknown) {
        heard.push(payload);
      }
    }
    @Module({ controllers: [FinanceStandIn] })
    class FinanceStandInModule {}
    const finance = await NestFactory.createMicroservice(FinanceStandInModule, { ...redisTransportOptions(redis.url), logger: false });
    await finance.listen();
    try {
      const [ann, bo, eve] = [await person('Ann'), await person('Bo'), await person('Eve')];
      const id = await householdWith(ann, bo);
      expect((await as(bo, 'POST', `/${id}/leave`)).body).toEqual({ success: true, household_deleted: false });
      expect((await as(ann, 'POST', `/${id}/leave`)).body).toEqual({ success: true, household_deleted: true });
      // A last deletion marks the end: events arrive in the order they were published.
      const last = await createHousehold(eve);
      await as(eve, 'POST', `/${last}/leave`);
      for (let attempt = 0; attempt < 100 && heard.length < 2; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([{ householdId: id }, { householdId: last }]);
    } finally {
      await finance.close();
    }
  });
});

describe('finance asks whose households a user belongs to (Redis transport)', () => {
  const ask = async (payload: unknown) => {
    const client = createRedisClient(redis.url);
    try {
      return MembershipsOfReplySchema.parse(await firstValueFrom(client.send(HOUSEHOLD_PATTERNS.membershipsOf, payload).pipe(timeout(5000))));
    } finally {
      await client.close();
    }
  };

  it("answers the user's households with every member's name and role, and nothing for a stranger", async () => {
    const [ann, bo, eve] = [await person('Ann'), await person('Bo', 'Park'), await person('Eve')];
    const id = await householdWith(ann, bo);
    expect(await ask({ userId: bo.id })).toEqual({
      ok: true,
      version: expect.any(String),
      households: [
        {
          householdId: id,
          name: 'Lee Family',
          role: 'partner',
          members: [
            { id: ann.id, name: 'Ann Lee', role: 'owner' },
            { id: bo.id, name: 'Bo Park', role: 'partner' },
          ],
        },
      ],
    });
    expect(await ask({ userId: eve.id })).toEqual({ ok: true, version: expect.any(String), households: [] });
    expect(await ask({ userId: 'nope' })).toMatchObject({ ok: false });
  });

  it("answers with the user's membership version, and replaces every member's version after each change", async () => {
    const keys = new Redis(redis.url);
    try {
      const versionOf = (who: Person) => keys.get(membershipVersionKey(who.id));
      const [ann, bo, cy, eve] = [await person('Ann'), await person('Bo'), await person('Cy'), await person('Eve')];
      // No version yet: the question creates it and answers it; asking again changes nothing.
      expect(await versionOf(eve)).toBeNull();
      const first = await ask({ userId: eve.id });
      expect(first).toMatchObject({ ok: true, version: await versionOf(eve) });
      expect(await ask({ userId: eve.id })).toMatchObject({ version: (first as { version: string }).version });

      const versions = async () => Promise.all([ann, bo, cy, eve].map(versionOf));
      const changedBy = async (change: () => Promise<unknown>) => {
        const before = await versions();
        await change();
        const after = await versions();
        return [ann, bo, cy, eve].map((who, i) => (after[i] !== before[i] ? who.name.split(' ')[0] : null)).filter(Boolean);
      };
      let id = '';
      expect(await changedBy(async () => (id = await createHousehold(ann)))).toEqual(['Ann']);
      await as(ann, 'POST', `/${id}/invite`, { email: bo.email });
      expect(await changedBy(() => as(bo, 'POST', '/accept-invitation', { token: tokenMailedTo(bo.email) }))).toEqual(['Ann', 'Bo']);
      expect(await changedBy(() => as(ann, 'PUT', `/${id}/members/${bo.id}`, { role: 'partner' }))).toEqual(['Ann', 'Bo']);
      // A refused change (Bo is no owner) replaces nothing.
      expect(await changedBy(() => as(bo, 'PUT', `/${id}/members/${ann.id}`, { role: 'member' }))).toEqual([]);
      await as(ann, 'POST', `/${id}/invite`, { email: cy.email });
      expect(await changedBy(() => as(cy, 'POST', '/accept-invitation', { token: tokenMailedTo(cy.email) }))).toEqual(['Ann', 'Bo', 'Cy']);
      expect(await changedBy(() => as(cy, 'POST', `/${id}/leave`))).toEqual(['Ann', 'Bo', 'Cy']);
      // The answer after a change comes with the new version.
      expect(await ask({ userId: cy.id })).toEqual({ ok: true, version: await versionOf(cy), households: [] });
    } finally {
      keys.disconnect();
    }
  });

  it('answers which households still exist (finance checks when a deletion event was lost)', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const [kept, gone] = [await createHousehold(ann), await createHousehold(bo)];
    await as(bo, 'POST', `/${gone}/leave`);
    const client = createRedisClient(redis.url);
    try {
      const existing = (payload: unknown) => firstValueFrom(client.send(HOUSEHOLD_PATTERNS.existing, payload).pipe(timeout(5000)));
      expect(ExistingHouseholdsReplySchema.parse(await existing({ householdIds: [kept, gone] }))).toEqual({ ok: true, householdIds: [kept] });
      expect(await existing({ householdIds: ['nope'] })).toMatchObject({ ok: false });
    } finally {
      await client.close();
    }
  });
});

// Last: stops auth.
describe('when auth does not answer', () => {
  it('answers the member list 503, and finance still gets memberships with neutral names', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await householdWith(ann, bo);
    await auth.close();
    const members = await as(ann, 'GET', `/${id}/members`);
    expect(members.status).toBe(503);
    expect(members.body.message).toBe(HOUSEHOLD_MESSAGES.directoryUnavailable);
    const client = createRedisClient(redis.url);
    try {
      const reply = MembershipsOfReplySchema.parse(await firstValueFrom(client.send(HOUSEHOLD_PATTERNS.membershipsOf, { userId: bo.id }).pipe(timeout(10_000))));
      expect(reply).toMatchObject({ ok: true, households: [{ householdId: id, members: [{ id: ann.id, name: 'Household member' }, { id: bo.id, name: 'Household member' }] }] });
    } finally {
      await client.close();
    }
  });
});

describe('health', () => {
  it('answers liveness and readiness with the database and Redis reachable', async () => {
    expect((await fetch(`${h.baseUrl}/health`)).status).toBe(200);
    expect((await fetch(`${h.baseUrl}/health/ready`)).status).toBe(200);
  });
});
