import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EMAIL_CONFIRMATION_MESSAGES,
  HOUSEHOLD_MESSAGES,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_DAY,
  PendingInvitationsResponseSchema,
  ResendInvitationResponseSchema,
  WithdrawInvitationResponseSchema,
} from '@paycadence/contracts';
import type { SettableClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, TEST_NOW, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { HouseholdConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
// Senders' names and confirmed addresses come from the real auth service over the transport, as in household.int-spec.ts.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { AuthConfig } from '../../auth/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { serviceDefinition as authDefinition } from '../../auth/src/service-definition.js';

// The household page's pending invitations: listing them, sending one again with a new link, withdrawing one.
// Household and auth are real, each on its own schema, on a Redis of this test's own; e-mails land in the outbox.
const dataDir = mkdtempSync(join(tmpdir(), 'household-pending-'));
let redis: PrivateRedis;
let auth: ServiceHarness<AuthConfig>;
let h: ServiceHarness<HouseholdConfig>;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  redis = await startPrivateRedis();
  auth = await startServiceHarness(authDefinition, {
    redisUrl: redis.url,
    env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'household-pending-auth-')), SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
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
async function person(firstName: string): Promise<Person> {
  const { id, token } = await h.auth.user();
  const email = `${firstName.toLowerCase()}${++counter}-${process.pid}@example.com`;
  await auth.db.query(
    `INSERT INTO "${auth.schema}".users (id, email, password_hash, first_name, last_name, email_confirmed_at) VALUES ($1, $2, 'x', $3, 'Lee', now())`,
    [id, email, firstName],
  );
  return { id, token, email, name: `${firstName} Lee` };
}

/** An address no other test (nor an earlier run, whose mails stay in the outbox) used. */
const address = (name: string) => `${name}${++counter}-${process.pid}@example.com`;

const as = (who: Person, method: string, path: string, body?: unknown) => h.call(method, path, { token: who.token, body });

async function createHousehold(owner: Person, name = 'Lee Family'): Promise<string> {
  const created = await as(owner, 'POST', '/create', { name });
  expect(created.status).toBe(201);
  return created.body.id;
}

const mailTo = (email: string): Array<{ to: string; text: string; subject: string }> => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')))
      .filter((mail) => mail.to === email);
  } catch {
    return [];
  }
};

/** The token of the newest invitation e-mailed to `email`. */
function tokenMailedTo(email: string): string {
  const mails = mailTo(email);
  expect(mails.length).toBeGreaterThan(0);
  const link = /http:\/\/app\.test\S+/.exec(mails[mails.length - 1]!.text)![0];
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
}

const details = (token: string) => h.call('POST', '/invitation-details', { token: null, body: { token } });

async function pendingOf(who: Person, householdId: string) {
  const answer = await as(who, 'GET', `/${householdId}/invitations`);
  expect(answer.status).toBe(200);
  return PendingInvitationsResponseSchema.parse(answer.body).invitations;
}

/** Owner invites each address; answers the invitation ids by address. */
async function invite(owner: Person, householdId: string, ...emails: string[]): Promise<Record<string, string>> {
  for (const email of emails) expect((await as(owner, 'POST', `/${householdId}/invite`, { email })).status).toBe(201);
  const pending = await pendingOf(owner, householdId);
  return Object.fromEntries(pending.map((invitation) => [invitation.email, invitation.id]));
}

describe('pending invitations', () => {
  it('lists the waiting ones newest first with who sent them and when, never a token, and leaves out accepted and expired ones', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const [first, second] = [address('first'), address('second')];
    const id = await createHousehold(ann);
    await invite(ann, id, first);
    (h.clock as SettableClock).advance(60_000);
    await invite(ann, id, second, bo.email);
    expect((await as(bo, 'POST', '/accept-invitation', { token: tokenMailedTo(bo.email) })).status).toBe(200);

    const answer = await as(ann, 'GET', `/${id}/invitations`);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toMatch(/token/i);
    expect(JSON.stringify(answer.body)).not.toContain(tokenMailedTo(first));
    const sentAt = new Date(Date.parse(TEST_NOW) + 60_000);
    expect(PendingInvitationsResponseSchema.parse(answer.body).invitations).toEqual([
      {
        id: expect.any(String),
        email: second,
        role: 'partner',
        invited_by: { id: ann.id, name: ann.name },
        sent_at: sentAt.toISOString(),
        expires_at: new Date(sentAt.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
      },
      expect.objectContaining({ email: first, sent_at: TEST_NOW }),
    ]);

    // The partner who joined may list them too; an invitation past its expiry is no longer waiting.
    (h.clock as SettableClock).advance(INVITATION_TTL_DAYS * DAY_MS - 30_000);
    expect((await pendingOf(bo, id)).map((invitation) => invitation.email)).toEqual([second]);
  });

  it('resends with a new link and a new expiry: the old link stops working, the new one lets them join', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await createHousehold(ann);
    const ids = await invite(ann, id, bo.email);
    const oldToken = tokenMailedTo(bo.email);
    (h.clock as SettableClock).advance(3 * DAY_MS);

    const resent = await as(ann, 'POST', `/${id}/invitations/${ids[bo.email]}/resend`);
    expect(resent.status).toBe(200);
    const body = ResendInvitationResponseSchema.parse(resent.body);
    expect(body.message).toBe(HOUSEHOLD_MESSAGES.invitationResent(bo.email));
    const now = new Date(Date.parse(TEST_NOW) + 3 * DAY_MS);
    expect(body.invitation).toMatchObject({ id: ids[bo.email], email: bo.email, sent_at: now.toISOString() });
    expect(body.invitation.expires_at).toBe(new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString());
    expect(JSON.stringify(body)).not.toMatch(/token/i);

    expect(mailTo(bo.email)).toHaveLength(2);
    const newToken = tokenMailedTo(bo.email);
    expect(newToken).not.toBe(oldToken);
    expect((await details(oldToken)).status).toBe(404);
    expect((await as(bo, 'POST', '/accept-invitation', { token: oldToken })).status).toBe(404);
    // Valid past the first link's 7 days.
    (h.clock as SettableClock).advance(5 * DAY_MS);
    expect((await as(bo, 'POST', '/accept-invitation', { token: newToken })).status).toBe(200);
    expect(await pendingOf(ann, id)).toEqual([]);
    // Used: nothing left to resend or withdraw.
    expect((await as(ann, 'POST', `/${id}/invitations/${ids[bo.email]}/resend`)).status).toBe(404);
    expect((await as(ann, 'POST', `/${id}/invitations/${ids[bo.email]}/withdraw`)).status).toBe(404);
  });

  it('lets another owner or partner resend; the invitation then speaks for them', async () => {
    const [ann, bo, cy] = [await person('Ann'), await person('Bo'), await person('Cy')];
    const id = await createHousehold(ann);
    await invite(ann, id, bo.email);
    await as(bo, 'POST', '/accept-invitation', { token: tokenMailedTo(bo.email) });
    const ids = await invite(ann, id, cy.email);
    const resent = await as(bo, 'POST', `/${id}/invitations/${ids[cy.email]}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.invitation.invited_by).toEqual({ id: bo.id, name: bo.name });
    // Whoever first sent it left: the resent link still works, being Bo's now.
    await as(ann, 'PUT', `/${id}/members/${bo.id}`, { role: 'owner' });
    expect((await as(ann, 'POST', `/${id}/leave`)).status).toBe(200);
    expect((await as(cy, 'POST', '/accept-invitation', { token: tokenMailedTo(cy.email) })).status).toBe(200);
  });

  it('counts a resend against the daily allowance: once spent, 429 with the wait, nothing sent and the old link kept', async () => {
    const ann = await person('Ann');
    const id = await createHousehold(ann);
    const kept = address('kept');
    const ids = await invite(ann, id, kept);
    const keptToken = tokenMailedTo(kept);
    for (let sent = 1; sent < INVITATIONS_PER_DAY - 1; sent += 1) {
      expect((await as(ann, 'POST', `/${id}/invite`, { email: address(`guest-${sent}-`) })).status).toBe(201);
    }
    expect((await as(ann, 'POST', `/${id}/invitations/${ids[kept]}/resend`)).status).toBe(200);
    const keptNow = tokenMailedTo(kept);
    expect(keptNow).not.toBe(keptToken);

    const refused = await as(ann, 'POST', `/${id}/invitations/${ids[kept]}/resend`);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ message: HOUSEHOLD_MESSAGES.tooManyInvitations(wait), retryAfterSeconds: wait });
    expect(mailTo(kept)).toHaveLength(2);
    expect((await details(keptNow)).status).toBe(200);
  });

  it('refuses a resend from an address not confirmed (as invite does) and takes nothing from the allowance', async () => {
    const ann = await person('Ann');
    const id = await createHousehold(ann);
    const guest = address('guest');
    const ids = await invite(ann, id, guest);
    const token = tokenMailedTo(guest);
    // Ann changed her address and has not confirmed the new one yet.
    await auth.db.query(`UPDATE "${auth.schema}".users SET email_confirmed_at = NULL WHERE id = $1`, [ann.id]);
    const refused = await as(ann, 'POST', `/${id}/invitations/${ids[guest]}/resend`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.requiredToInvite);
    expect(mailTo(guest)).toHaveLength(1);
    expect((await details(token)).status).toBe(200);
  });

  it('withdraws: the link stops working, the list forgets it, and a second withdraw is 404', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await createHousehold(ann);
    const other = address('other');
    const ids = await invite(ann, id, bo.email, other);
    const token = tokenMailedTo(bo.email);
    const withdrawn = await as(ann, 'POST', `/${id}/invitations/${ids[bo.email]}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(WithdrawInvitationResponseSchema.parse(withdrawn.body)).toEqual({ message: HOUSEHOLD_MESSAGES.invitationWithdrawnDone(bo.email), email: bo.email });
    expect((await details(token)).status).toBe(404);
    expect((await as(bo, 'POST', '/accept-invitation', { token })).status).toBe(404);
    expect((await pendingOf(ann, id)).map((invitation) => invitation.email)).toEqual([other]);
    const again = await as(ann, 'POST', `/${id}/invitations/${ids[bo.email]}/withdraw`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(HOUSEHOLD_MESSAGES.pendingInvitationNotFound);
    // The address may be invited again.
    expect((await as(ann, 'POST', `/${id}/invite`, { email: bo.email })).status).toBe(201);
  });

  it("refuses a plain member (403, the invite rule) and changes nothing", async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    const id = await createHousehold(ann);
    await as(ann, 'POST', `/${id}/invite`, { email: bo.email, role: 'member' });
    await as(bo, 'POST', '/accept-invitation', { token: tokenMailedTo(bo.email) });
    const guest = address('guest');
    const ids = await invite(ann, id, guest);
    for (const [method, path] of [
      ['GET', `/${id}/invitations`],
      ['POST', `/${id}/invitations/${ids[guest]}/resend`],
      ['POST', `/${id}/invitations/${ids[guest]}/withdraw`],
    ] as const) {
      const answer = await as(bo, method, path);
      expect({ path, status: answer.status, message: answer.body?.message }).toEqual({ path, status: 403, message: HOUSEHOLD_MESSAGES.cannotInvite });
    }
    expect(mailTo(guest)).toHaveLength(1);
    expect(await pendingOf(ann, id)).toHaveLength(1);
  });

  it("answers another household's or another user's invitation ids 404 and changes nothing", async () => {
    const [ann, eve] = [await person('Ann'), await person('Eve')];
    const anns = await createHousehold(ann, 'Ann home');
    const eves = await createHousehold(eve, 'Eve home');
    const guest = address('guest');
    const annsIds = await invite(ann, anns, guest);
    const annsInvitation = annsIds[guest]!;
    const token = tokenMailedTo(guest);
    const before = (await h.db.query(`SELECT token_hash, expires_at, invited_by FROM "${h.schema}".household_invitations`)).rows;

    for (const [method, path, message] of [
      // Ann's household: Eve is no member of it.
      ['GET', `/${anns}/invitations`, HOUSEHOLD_MESSAGES.notFound],
      ['POST', `/${anns}/invitations/${annsInvitation}/resend`, HOUSEHOLD_MESSAGES.notFound],
      ['POST', `/${anns}/invitations/${annsInvitation}/withdraw`, HOUSEHOLD_MESSAGES.notFound],
      // Ann's invitation through Eve's own household.
      ['POST', `/${eves}/invitations/${annsInvitation}/resend`, HOUSEHOLD_MESSAGES.pendingInvitationNotFound],
      ['POST', `/${eves}/invitations/${annsInvitation}/withdraw`, HOUSEHOLD_MESSAGES.pendingInvitationNotFound],
      // Malformed ids are unknown ones.
      ['POST', `/${eves}/invitations/not-a-uuid/withdraw`, HOUSEHOLD_MESSAGES.pendingInvitationNotFound],
      ['POST', `/${eves}/invitations/not-a-uuid/resend`, HOUSEHOLD_MESSAGES.pendingInvitationNotFound],
      ['GET', '/not-a-uuid/invitations', HOUSEHOLD_MESSAGES.notFound],
    ] as const) {
      const answer = await as(eve, method, path);
      expect({ path, status: answer.status, message: answer.body?.message }).toEqual({ path, status: 404, message });
    }
    expect(await pendingOf(eve, eves)).toEqual([]);
    expect((await h.db.query(`SELECT token_hash, expires_at, invited_by FROM "${h.schema}".household_invitations`)).rows).toEqual(before);
    expect(mailTo(guest)).toHaveLength(1);
    expect((await details(token)).status).toBe(200);
    // Eve's refused resends took nothing from her allowance: every one of her invitations is still hers to send.
    for (let sent = 0; sent < INVITATIONS_PER_DAY; sent += 1) {
      expect((await as(eve, 'POST', `/${eves}/invite`, { email: address(`eve-guest-${sent}-`) })).status).toBe(201);
    }
  });

  it('needs a session', async () => {
    const ann = await person('Ann');
    const id = await createHousehold(ann);
    expect((await h.call('GET', `/${id}/invitations`, { token: null })).status).toBe(401);
  });
});
