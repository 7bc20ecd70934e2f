// The cross-user matrix. Generated from the route list (support/route-table.ts: the
// documented SERVICE_ROUTES, the endpoint tables and the routes the controllers declare): for every route that
// needs a session, user B with B's own token sends A's ids (path ids, userId params, ids in bodies) and must be
// refused, must never see A's data in the answer, and A's data must be the same afterwards, read through the
// API as A and row by row in the database. Admin-only routes refuse a plain user and change nothing. Where
// simple, the same request by the owner then succeeds, so a refusal proves ownership is checked rather than
// the request being malformed. A route the table does not classify, or whose path has an id the matrix cannot
// make for A, fails the first test: a new route is covered the day it is added.
import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_CODE_LENGTH, MFA_PERIOD_SECONDS } from '../../libs/contracts/src/auth.js';
import { waitForLink } from '../support/mail-outbox';
import { describeAnswer, fillPath, refreshCookieFrom, send, type Answer } from './support/api';
import { allRoutes, pathParams, ROUTE_ACCESS, type Access, type ResourceKind, type Route } from './support/route-table';
import { SoftAuthenticator } from '../../libs/nest-kit/src/testing/soft-authenticator.js';
import { databaseUrl, gatewayUrl, serviceUrls } from './support/stack';
import { createAdmin, PASSWORD, registerUser, signIn, uniqueEmail, type TestUser } from './support/users';

/** In the name of every row A creates: no answer to B may contain it. */
const MARKER = `Zq${randomBytes(4).toString('hex')}`;
const FUTURE = '2027-01-15';
/** A's low-balance threshold, set before the matrix runs. */
const A_THRESHOLD_CENTS = 12_345;

interface World {
  a: TestUser;
  b: TestUser;
  /** Invited to A's household; B tries to take the invitation. */
  c: TestUser;
  admin: TestUser;
  /** A's household (A owner, C invited) and B's own one. */
  household: string;
  bHousehold: string;
  invitationToken: string;
  bankItem: string;
  waitlistEmail: string;
  waitlistId: string;
  blogPostId: string;
  /** A's calendar feed link (its token is the only credential the feed asks for). */
  feedPath: string;
  /** A bill of A's and one of B's, the targets a detected bill is linked to or replaces. */
  aBill: string;
  bBill: string;
  /** A's file-fed account (a statement imported before the matrix runs). */
  statementAccount: string;
}

type Ids = Record<string, string>;

interface Attack {
  label: string;
  /** B's body (A's ids filled in `ids`). */
  body?: (ids: Ids, w: World) => unknown;
  /** A raw body with its content type (an image upload). */
  raw?: { body: Buffer; contentType: string };
  query?: Record<string, string> | ((w: World) => Record<string, string>);
  /** The statuses B may get. */
  expect: number[];
  /** The token B sends (default B's session). */
  token?: (w: World) => Promise<string>;
  /** More checks of B's answer. */
  verify?: (answer: Answer, w: World) => void | Promise<void>;
}

interface Recipe {
  attacks: Attack[];
  /** The owner's own request (same ids): must succeed, so B's refusal is about ownership, not a bad request. */
  owner?: { body?: (ids: Ids, w: World) => unknown; expect: number[]; token?: (w: World) => string };
  /** For `{userId}` routes: B's request with B's own id succeeds (a control that leaves A's data alone). */
  selfControl?: { expect: number[] };
}

const refused = [403, 404];
/** B's own statement file (the upload route's attack). */
const STATEMENT_CSV = 'Date,Description,Amount\n01/05/2026,CORNER SHOP,-4.50\n';
const paramKinds = (access: Access): Record<string, ResourceKind> => ('params' in access ? (access.params ?? {}) : {});

// ------------------------------------------------------------------------------------------------------------
// What B tries on each route that needs more than "send A's ids in the path" (bodies, self routes).

const RECIPES: Record<string, Recipe> = {
  'POST /api/auth/logout': {
    attacks: [
      {
        label: "B signs out a second session of B's: A's session lives on",
        expect: [204],
        token: async (w) => (await signIn(w.b)).token,
      },
    ],
  },
  'GET /api/auth/me': { attacks: [{ label: "B's own profile", expect: [200], verify: (answer, w) => expect(answer.text).toContain(w.b.email) }] },
  'PUT /api/auth/update-profile': { attacks: [{ label: "B edits B's own profile", body: () => ({ firstName: 'Bea' }), expect: [200] }] },
  // A confirmation link goes to the session's own address only: no field can name another account or address.
  'POST /api/auth/confirm-email/resend': {
    attacks: [
      { label: "A's userId", body: (_ids, w) => ({ userId: w.a.id }), expect: [400] },
      { label: "A's address", body: (_ids, w) => ({ email: w.a.email }), expect: [400] },
      { label: "B's own (already confirmed)", body: () => ({}), expect: [200], verify: (answer) => expect(answer.text).toContain('already confirmed') },
    ],
  },
  // B's export holds B and nothing of A's; B cannot name A (or anyone) in a deletion.
  'GET /api/auth/account/export': {
    attacks: [
      {
        label: "B's own export",
        expect: [200],
        verify: async (_answer, w) => {
          const text = await exportText(w.b.token);
          expect(text).toContain(w.b.email);
          for (const secret of secrets()) expect(text).not.toContain(secret);
        },
      },
    ],
  },
  'POST /api/auth/account/delete': {
    attacks: [
      { label: "A's userId beside B's password", body: (_ids, w) => ({ userId: w.a.id, password: PASSWORD }), expect: [400] },
      { label: "A's password on B's session", body: () => ({ password: `${PASSWORD}x` }), expect: [400] },
    ],
  },
  'POST /api/mfa/setup': { attacks: [{ label: "A's userId", body: (_ids, w) => ({ userId: w.a.id }), expect: [403] }] },
  'POST /api/mfa/enable': {
    attacks: [{ label: "A's userId", body: (_ids, w) => ({ userId: w.a.id, token: '123456', password: PASSWORD }), expect: [403] }],
  },
  'POST /api/mfa/disable': {
    attacks: [{ label: "A's userId", body: (_ids, w) => ({ userId: w.a.id, token: '123456', password: PASSWORD }), expect: [403] }],
  },
  'POST /api/mfa/keys/registration-options': { attacks: [{ label: "A's userId", body: (_ids, w) => ({ userId: w.a.id }), expect: [403] }] },
  'POST /api/mfa/keys': {
    attacks: [{ label: "A's userId", body: (_ids, w) => ({ userId: w.a.id, name: 'Sneaky key', password: PASSWORD, credential: aKeyAnswer() }), expect: [403] }],
  },
  'POST /api/mfa/keys/assertion-options': { attacks: [{ label: "A's userId", body: (_ids, w) => ({ userId: w.a.id }), expect: [403] }] },
  'POST /api/mfa/keys/{id}/remove': {
    attacks: [
      { label: "A's key with A's userId", body: (_ids, w) => ({ userId: w.a.id, password: PASSWORD }), expect: [403] },
      { label: "A's key with B's own userId and password", body: (_ids, w) => ({ userId: w.b.id, password: PASSWORD }), expect: [404] },
    ],
    owner: { body: (_ids, w) => ({ userId: w.a.id, password: PASSWORD }), expect: [200] },
  },

  'GET /api/financial/bills': { attacks: [{ label: "B's list", expect: [200] }] },
  'GET /api/financial/income': { attacks: [{ label: "B's list", expect: [200] }] },
  'GET /api/financial/savings-goals': { attacks: [{ label: "B's list", expect: [200] }] },
  'GET /api/financial/suggestions': { attacks: [{ label: "B's list", expect: [200] }] },
  'GET /api/financial/dashboard-with-insights': { attacks: [{ label: "B's dashboard", expect: [200] }] },
  'GET /api/financial/timeline': { attacks: [{ label: "B's timeline", query: { from: '2026-11-01', to: '2027-01-31' }, expect: [200] }] },
  'POST /api/financial/sync-bank-data': { attacks: [{ label: "B's own sync", expect: [200] }] },
  'POST /api/financial/bills': {
    attacks: [
      { label: "into A's household", body: (_ids, w) => ({ name: 'Sneaky', amount: 10, due_date: FUTURE, household_id: w.household }), expect: refused },
      { label: "B's own bill", body: () => ({ name: 'Own bill', amount: 10, due_date: FUTURE }), expect: [201] },
    ],
  },
  'POST /api/financial/income': {
    attacks: [
      { label: "into A's household", body: (_ids, w) => ({ source: 'Sneaky', amount: 100, next_date: FUTURE, household_id: w.household }), expect: refused },
      { label: "B's own income", body: () => ({ source: 'Own pay', amount: 100, next_date: FUTURE }), expect: [201] },
    ],
  },
  'POST /api/financial/savings-goals': { attacks: [{ label: "B's own goal", body: () => ({ current_amount: 10 }), expect: [201] }] },
  'PUT /api/financial/bills/{id}': {
    attacks: [
      { label: "A's bill", body: () => ({ name: 'Hijacked', amount: 1 }), expect: refused },
      { label: "A's bill moved into B's household", body: (_ids, w) => ({ household_id: w.bHousehold }), expect: refused },
    ],
    owner: { body: () => ({ name: `${MARKER} renamed` }), expect: [200] },
  },
  'DELETE /api/financial/bills/{id}': { attacks: [{ label: "A's bill", expect: refused }], owner: { expect: [204] } },
  'PUT /api/financial/income/{id}': {
    attacks: [{ label: "A's income", body: () => ({ source: 'Hijacked', amount: 1 }), expect: refused }],
    owner: { body: () => ({ source: `${MARKER} renamed` }), expect: [200] },
  },
  'DELETE /api/financial/income/{id}': { attacks: [{ label: "A's income", expect: refused }], owner: { expect: [204] } },
  'PUT /api/financial/savings-goals/{id}': {
    attacks: [{ label: "A's goal", body: () => ({ current_amount: 999 }), expect: refused }],
    owner: { body: () => ({ current_amount: 5 }), expect: [200] },
  },
  'DELETE /api/financial/savings-goals/{id}': { attacks: [{ label: "A's goal", expect: refused }], owner: { expect: [204] } },
  'POST /api/financial/accept-bill/{id}': { attacks: [{ label: "A's suggestion", body: () => ({}), expect: refused }], owner: { body: () => ({}), expect: [200, 201] } },
  'POST /api/financial/accept-income/{id}': { attacks: [{ label: "A's suggestion", body: () => ({}), expect: refused }], owner: { body: () => ({}), expect: [200, 201] } },
  'POST /api/financial/dismiss-suggestion/{id}': { attacks: [{ label: "A's suggestion", expect: refused }], owner: { expect: [204] } },
  'POST /api/financial/suggestions/{id}/link': {
    attacks: [
      { label: "A's suggestion onto B's bill", body: (_ids, w) => ({ target_id: w.bBill }), expect: refused },
      { label: "A's suggestion onto A's bill", body: (_ids, w) => ({ target_id: w.aBill }), expect: refused },
    ],
    owner: { body: (_ids, w) => ({ target_id: w.aBill }), expect: [200] },
  },
  'POST /api/financial/suggestions/{id}/replace': {
    attacks: [
      { label: "A's suggestion onto B's bill", body: (_ids, w) => ({ target_id: w.bBill }), expect: refused },
      { label: "A's suggestion onto A's bill", body: (_ids, w) => ({ target_id: w.aBill }), expect: refused },
    ],
    owner: { body: (_ids, w) => ({ target_id: w.aBill }), expect: [200] },
  },
  // B can neither mark A's bill paid nor take A's mark back (A's statuses are in viewOfA).
  'POST /api/financial/bill-status/{billId}/{dueDate}': { attacks: [{ label: "A's bill occurrence", expect: refused }], owner: { expect: [201] } },
  'DELETE /api/financial/bill-status/{billId}/{dueDate}': { attacks: [{ label: "A's mark on A's bill", expect: refused }], owner: { expect: [200] } },
  // The feed routes name no id: each acts on the caller's own link, and A's keeps serving A's calendar.
  'GET /api/financial/calendar-feed': { attacks: [{ label: "B's own feed status", expect: [200], verify: () => expectFeedOfAServes() }] },
  'POST /api/financial/calendar-feed': {
    attacks: [
      {
        label: "B makes B's own link",
        expect: [201],
        verify: async (answer) => {
          const feed = await send('GET', answer.json.path);
          expect(feed.status, describeAnswer(feed)).toBe(200);
          expect(feed.text).not.toContain(MARKER);
          await expectFeedOfAServes();
        },
      },
    ],
  },
  'DELETE /api/financial/calendar-feed': { attacks: [{ label: "B turns off B's own link", expect: [204], verify: () => expectFeedOfAServes() }] },
  // The reminder settings name no id: B reads and writes B's own; A's (in viewOfA) stay as A saved them.
  'GET /api/financial/reminders': {
    attacks: [{ label: "B's own reminder settings", expect: [200], verify: (answer) => expect(answer.json.time_zone).not.toBe(A_REMINDER_ZONE) }],
  },
  'PUT /api/financial/reminders': {
    attacks: [
      {
        label: "B saves B's own reminder settings",
        body: () => ({ bills: false, income: false, suggestions: true, updates: false, days_before: 1, time_zone: 'America/Los_Angeles' }),
        expect: [200],
      },
    ],
  },
  // Reminders on devices: the key is the same for everyone; B lists, adds and removes B's own devices only.
  'GET /api/financial/reminders/push-key': { attacks: [{ label: 'the public key, the same for everyone', expect: [200] }] },
  'GET /api/financial/reminders/devices': {
    // A's devices carry MARKER in their label and endpoint, which no answer to B may show.
    attacks: [{ label: "B's own devices", expect: [200], verify: (answer) => expect(Array.isArray(answer.json.devices)).toBe(true) }],
  },
  'POST /api/financial/reminders/devices': {
    attacks: [
      { label: "B turns on B's own device", body: () => pushSubscription('B laptop'), expect: [201] },
      { label: "A's user id in the body", body: (_ids, w) => ({ ...pushSubscription('B phone'), userId: w.a.id }), expect: [400] },
    ],
  },
  'DELETE /api/financial/reminders/devices/{id}': { attacks: [{ label: "A's device", expect: refused }], owner: { expect: [204] } },
  // The threshold routes name no id either; B reads and sets only B's own (A's 123.45 stays A's).
  'GET /api/financial/forecast-settings': {
    attacks: [{ label: "B's own threshold", expect: [200], verify: (answer) => expect(answer.json.lowBalanceThresholdCents).not.toBe(A_THRESHOLD_CENTS) }],
  },
  'PUT /api/financial/forecast-settings': {
    attacks: [
      { label: "B sets B's own threshold", body: () => ({ lowBalanceThresholdCents: 500 }), expect: [200] },
      { label: "A's user id in the body", body: (_ids, w) => ({ lowBalanceThresholdCents: 1, userId: w.a.id }), expect: [400] },
    ],
  },
  // The planner's routes name no id but a household's or a bill's: B plans B's own bills, never A's household or bill.
  'GET /api/financial/due-date-plan': {
    attacks: [
      { label: "B's own plan", expect: [200], verify: (answer) => expect(answer.text).not.toContain(MARKER) },
      { label: "A's household's shared bills", query: (w) => ({ household_id: w.household }), expect: refused },
    ],
  },
  'POST /api/financial/due-date-plan/preview': {
    attacks: [
      { label: "A's bill among B's choices", body: (_ids, w) => ({ choices: [{ billId: w.aBill, toDay: 20 }] }), expect: [200], verify: (answer) => expect(answer.text).not.toContain(MARKER) },
      { label: "A's household", body: (_ids, w) => ({ household_id: w.household, choices: [] }), expect: refused },
    ],
  },
  'GET /api/financial/due-date-moves': { attacks: [{ label: "B's own moves", expect: [200], verify: (answer) => expect(answer.text).not.toContain(MARKER) }] },
  'POST /api/financial/due-date-moves': { attacks: [{ label: "a move of A's bill", body: (_ids, w) => ({ billId: w.aBill, toDay: 20 }), expect: refused }] },
  'PUT /api/financial/due-date-moves/{id}': {
    attacks: [
      { label: "A's move confirmed", body: () => ({ status: 'confirmed', effectiveDate: FUTURE }), expect: refused },
      { label: "A's move to another day", body: () => ({ toDay: 3 }), expect: refused },
    ],
    owner: { body: () => ({ status: 'asked' }), expect: [200] },
  },
  'DELETE /api/financial/due-date-moves/{id}': { attacks: [{ label: "A's move", expect: refused }], owner: { expect: [204] } },
  'POST /api/financial/due-date-moves/{id}/letter': { attacks: [{ label: "A's letter", expect: refused }] },

  'POST /api/plaid-production/create-link-token': {
    attacks: [
      { label: "A's user_id", body: (_ids, w) => ({ user_id: w.a.id }), expect: [403] },
      { label: "B's user_id, A's bank (update mode)", body: (_ids, w) => ({ user_id: w.b.id, item_id: w.bankItem }), expect: refused },
    ],
  },
  'POST /api/plaid-production/sandbox/public-token': {
    attacks: [
      {
        label: "A's user_id",
        body: (_ids, w) => ({ user_id: w.a.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' }),
        expect: [403],
      },
      {
        label: "B's user_id, repairing A's bank",
        body: (_ids, w) => ({ user_id: w.b.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good', item_id: w.bankItem }),
        expect: refused,
      },
    ],
  },
  'POST /api/plaid-production/exchange-token': {
    attacks: [{ label: "A's user_id", body: (_ids, w) => ({ public_token: 'public-sandbox-not-a-token', user_id: w.a.id }), expect: [403] }],
  },
  'DELETE /api/plaid-production/disconnect/{plaidItemId}': {
    attacks: [
      { label: "A's bank, B's userId", body: (_ids, w) => ({ userId: w.b.id }), expect: refused },
      { label: "A's bank, A's userId", body: (_ids, w) => ({ userId: w.a.id }), expect: [403] },
    ],
  },
  'GET /api/plaid-production/accounts/{userId}': { attacks: [{ label: "A's userId", expect: [403] }], owner: { expect: [200] } },
  'GET /api/plaid-production/analytics/{userId}': { attacks: [{ label: "A's userId", expect: [403] }], owner: { expect: [200] } },
  'GET /api/plaid-production/suggestions/{userId}': { attacks: [{ label: "A's userId", expect: [403] }], owner: { expect: [200] } },
  'GET /api/plaid-production/transactions/{userId}': { attacks: [{ label: "A's userId", expect: [403] }], owner: { expect: [200] } },
  // These queue imports of A's bank: the control is B's own id (B has no bank), which leaves A's rows alone.
  'POST /api/plaid-production/sync/{userId}': { attacks: [{ label: "A's userId", expect: [403] }], selfControl: { expect: [200] } },
  'POST /api/plaid-production/import-transactions/{userId}': { attacks: [{ label: "A's userId", expect: [403] }], selfControl: { expect: [200] } },
  'POST /api/plaid-production/cleanup-duplicates/{userId}': { attacks: [{ label: "A's userId", expect: [403] }], selfControl: { expect: [200] } },

  'GET /api/mfa/status/{userId}': { attacks: [{ label: "A's userId", expect: [403] }], owner: { expect: [200] } },

  'POST /api/household/create': { attacks: [{ label: "B's own household", body: () => ({ name: 'B home' }), expect: [201] }] },
  'GET /api/household/my-households': { attacks: [{ label: "B's list", expect: [200] }] },
  'GET /api/household/{id}/members': { attacks: [{ label: "A's household", expect: refused }], owner: { expect: [200] } },
  'POST /api/household/{id}/invite': {
    attacks: [{ label: "A's household", body: () => ({ email: uniqueEmail('stranger'), role: 'partner' }), expect: refused }],
    owner: { body: () => ({ email: uniqueEmail('friend'), role: 'member' }), expect: [200, 201] },
  },
  // The pending list, a resend and a withdrawal name A's household: B sees, mails and withdraws nothing of it.
  'GET /api/household/{id}/invitations': { attacks: [{ label: "A's household", expect: refused }], owner: { expect: [200] } },
  'POST /api/household/{id}/invitations/{invitationId}/resend': { attacks: [{ label: "A's invitation", expect: refused }], owner: { expect: [200] } },
  'POST /api/household/{id}/invitations/{invitationId}/withdraw': { attacks: [{ label: "A's invitation", expect: refused }], owner: { expect: [200] } },
  'POST /api/household/{id}/leave': { attacks: [{ label: "A's household", expect: refused }], owner: { expect: [200] } },
  'PUT /api/household/{id}/members/{userId}': { attacks: [{ label: "A's role in A's household", body: () => ({ role: 'member' }), expect: refused }] },
  'POST /api/household/accept-invitation': {
    attacks: [{ label: "C's invitation to A's household", body: (_ids, w) => ({ token: w.invitationToken }), expect: refused }],
    owner: { body: (_ids, w) => ({ token: w.invitationToken }), expect: [200], token: (w) => w.c.token },
  },

  // Admin-only: bodies that would do harm if a plain user got through.
  'POST /api/admin/create-user': {
    attacks: [{ label: 'an admin account', body: () => ({ email: uniqueEmail('made'), password: 'Strong-Pass-2026!x', role: 'admin' }), expect: [403] }],
  },
  'POST /api/admin/approve-user': { attacks: [{ label: 'a waitlist entry', body: (_ids, w) => ({ email: w.waitlistEmail }), expect: [403] }] },
  'POST /api/admin/toggle-user-status': {
    attacks: [{ label: 'suspend A', body: (_ids, w) => ({ userId: w.a.id, status: 'suspended' }), expect: [403] }],
  },
  // The board reads only its own short-lived cookie (made by queues/session for admins), never a bearer token.
  'GET /api/admin/queues': { attacks: [{ label: "B's bearer token", expect: [401, 403] }] },
  'POST /api/admin/queues/session': {
    attacks: [{ label: 'a queue-board cookie', expect: [403], verify: (answer) => expect(answer.headers.getSetCookie()).toEqual([]) }],
  },
  'POST /api/blog/admin/posts': {
    attacks: [{ label: 'a post', body: () => ({ title: 'Pwned', slug: `pwned-${MARKER.toLowerCase()}`, content: { blocks: [] }, published: true }), expect: [403] }],
  },
  'PUT /api/blog/admin/posts/{id}': {
    attacks: [{ label: 'a seeded post', body: () => ({ title: 'Pwned', slug: 'pwned', content: { blocks: [] }, published: true }), expect: [403] }],
  },
  // Statement files: B's own upload and list are B's; A's upload and import ids name nothing of B's (404). The owner's
  // import and undo are left out: each queues a detection run that would change A's rows under the next route.
  'POST /api/plaid-production/statements': { attacks: [{ label: "B's own file", raw: { body: Buffer.from(STATEMENT_CSV), contentType: 'application/octet-stream' }, expect: [200] }] },
  'POST /api/plaid-production/statements/{uploadId}/preview': { attacks: [{ label: "A's upload", body: () => ({}), expect: refused }], owner: { body: () => ({}), expect: [200] } },
  'POST /api/plaid-production/statements/{uploadId}/import': {
    attacks: [
      { label: "A's upload into a new account of B's", body: () => ({ new_account: { name: 'B file', type: 'checking', institution_name: 'B bank' } }), expect: refused },
      { label: "A's upload into A's file account", body: (_ids, w) => ({ account_id: w.statementAccount }), expect: refused },
    ],
  },
  'GET /api/plaid-production/statement-imports': { attacks: [{ label: "B's list", expect: [200] }] },
  'DELETE /api/plaid-production/statement-imports/{importId}': { attacks: [{ label: "A's import", expect: refused }] },
  'POST /api/blog/admin/images': {
    attacks: [
      {
        label: 'an image',
        // The PNG signature and an IHDR chunk: enough for the upload's first-bytes check.
        raw: { body: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'), contentType: 'image/png' },
        expect: [403],
      },
    ],
  },
};

/** What B gets for a route with no recipe (ids in the path only): refused, by the route's kind. */
function recipeFor(route: Route, access: Access): Recipe | undefined {
  const recipe = RECIPES[route.key];
  if (recipe) return recipe;
  if (access.kind === 'admin') return { attacks: [{ label: 'a plain user', expect: [403] }] };
  // An owned route that takes a body needs a recipe: an invalid body would be refused for the wrong reason.
  if (access.kind === 'owned' && !route.endpoint?.body && route.method !== 'PUT') {
    // docs/architecture.md: a `{userId}` that is not the caller's is 403; another's row id looks like a missing one (404).
    const onlyUserIds = Object.values(access.params).every((kind) => kind === 'user' || kind === 'generatorKind');
    return { attacks: [{ label: "A's ids", expect: onlyUserIds ? [403] : refused }] };
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------------------
// A's world, and how to read it.

let w: World;
let db: pg.Client;
const usedSuggestions = new Set<string>();
const userTables: Array<{ table: string; column: string }> = [];

async function ok(answer: Promise<Answer>, what: string): Promise<any> {
  const result = await answer;
  if (result.status >= 300) throw new Error(`${what}: ${describeAnswer(result)}`);
  return result.json;
}

/** The last bill newBill made for A (a bill occurrence's route names the bill, then its due date). */
let lastBillOfA = '';
async function newBill(user: TestUser): Promise<string> {
  const body = { name: `${MARKER} rent`, amount: 1200, due_date: FUTURE, category: 'rent', recurring: 'monthly' };
  const id: string = (await ok(send('POST', '/api/financial/bills', { token: user.token, body }), 'creating a bill')).id;
  if (user === w.a) lastBillOfA = id;
  return id;
}
async function newIncome(user: TestUser): Promise<string> {
  const body = { source: `${MARKER} salary`, amount: 3000, next_date: FUTURE, frequency: 'biweekly' };
  return (await ok(send('POST', '/api/financial/income', { token: user.token, body }), 'creating an income')).id;
}
async function newGoal(user: TestUser): Promise<string> {
  return (await ok(send('POST', '/api/financial/savings-goals', { token: user.token, body: { current_amount: 250, target_amount: 1000 } }), 'creating a goal')).id;
}
/** The last household newHousehold made for A (an invitation's route names the household, then the invitation). */
let lastHouseholdOfA = '';
async function newHousehold(user: TestUser, name: string): Promise<string> {
  const id: string = (await ok(send('POST', '/api/household/create', { token: user.token, body: { name } }), 'creating a household')).id;
  if (user === w?.a) lastHouseholdOfA = id;
  return id;
}

async function pendingSuggestions(): Promise<{ bills: string[]; income: string[] }> {
  const answer = await ok(send('GET', '/api/financial/suggestions', { token: w.a.token }), "reading A's suggestions");
  const fresh = (rows: Array<{ id: string }>) => rows.map((row) => row.id).filter((id) => !usedSuggestions.has(id));
  return { bills: fresh(answer.bills), income: fresh(answer.income) };
}

/** A statement file: one row a day, unlike the last (nothing recurring, so detection finds what it found before). */
let statementDay = 0;
async function uploadStatementOfA(): Promise<{ upload_id: string }> {
  statementDay += 1;
  const csv = `Date,Description,Amount\n01/${String(statementDay).padStart(2, '0')}/2025,${MARKER} SHOP ${statementDay},-${statementDay}.25\n`;
  return ok(send('POST', '/api/plaid-production/statements', { token: w.a.token, body: Buffer.from(csv), headers: { 'content-type': 'application/octet-stream', 'x-file-name': `${MARKER}-${statementDay}.csv` } }), "uploading A's statement");
}

/**
 * An import queues a detection run (a few seconds later), which rewrites A's detected streams and pushes A's bank
 * figures to finance: A's rows are read until two reads 4 s apart agree, so that run is not taken for B's doing.
 */
async function rowsSettled(): Promise<void> {
  let before = JSON.stringify(await rowsOfA());
  for (let attempt = 0; attempt < 8; attempt += 1) {
    await new Promise((settle) => setTimeout(settle, 4_000));
    const now = JSON.stringify(await rowsOfA());
    if (now === before) return;
    before = now;
  }
  throw new Error("A's rows kept changing for 32 s after a statement import");
}

/** The relying party's origin: the app's, as the browser signs it (the stack's APP_URL is the gateway's). */
const appOrigin = () => new URL(gatewayUrl()).origin;

/** A well-formed registration answer, for routes that must refuse before looking at it. */
const aKeyAnswer = () =>
  new SoftAuthenticator({ credentialId: randomBytes(16) }).register({ challenge: randomBytes(32).toString('base64url'), rp: { id: 'localhost' }, user: { id: 'dXNlcg' } }, appOrigin());

let aHasKey = false;
/** Adds a security key to `user` through the real ceremony (a software authenticator); answers its id. */
async function addKeyOf(user: TestUser, name: string, key = new SoftAuthenticator({ credentialId: randomBytes(16) })): Promise<string> {
  const { options } = await ok(send('POST', '/api/mfa/keys/registration-options', { token: user.token, body: { userId: user.id } }), 'key options');
  const credential = key.register(options, appOrigin());
  await ok(send('POST', '/api/mfa/keys', { token: user.token, body: { userId: user.id, name, password: PASSWORD, credential } }), 'adding a key');
  const status = await ok(send('GET', `/api/mfa/status/${user.id}`, { token: user.token }), 'two-factor status');
  const keys = (status.factors as Array<{ id: string; factor_type: string }>).filter((factor) => factor.factor_type === 'webauthn');
  return keys[keys.length - 1]!.id;
}

/** A's id of each kind for one route: a fresh row where it is cheap, so the owner's control may delete it. */
async function ownedId(kind: ResourceKind): Promise<string> {
  switch (kind) {
    case 'user':
      return w.a.id;
    case 'bill':
      return newBill(w.a);
    case 'income':
      return newIncome(w.a);
    case 'savingsGoal':
      return newGoal(w.a);
    case 'household':
      return newHousehold(w.a, `${MARKER} home`);
    case 'billSuggestion':
    case 'incomeSuggestion':
    case 'suggestion': {
      const pending = await pendingSuggestions();
      const id = (kind === 'incomeSuggestion' ? pending.income : kind === 'billSuggestion' ? pending.bills : [...pending.bills, ...pending.income])[0];
      if (!id) throw new Error(`A has no pending ${kind} left`);
      usedSuggestions.add(id);
      return id;
    }
    case 'bankItem':
      return w.bankItem;
    case 'generatorKind':
      return 'bills';
    case 'waitlistEntry':
      return w.waitlistId;
    case 'blogPost':
      return w.blogPostId;
    case 'dueDateMove': {
      // A bill whose biller allows a new day (utilities), and A's move of it to the 27th.
      const body = { name: `${MARKER} phone`, amount: 85, due_date: FUTURE, category: 'utilities', recurring: 'monthly' };
      const billId: string = (await ok(send('POST', '/api/financial/bills', { token: w.a.token, body }), 'creating a movable bill')).id;
      return (await ok(send('POST', '/api/financial/due-date-moves', { token: w.a.token, body: { billId, toDay: 27 } }), 'starting a move')).id;
    }
    case 'invitation': {
      // Sent from the household just made for the same route; its id as the pending list shows it.
      await ok(send('POST', `/api/household/${lastHouseholdOfA}/invite`, { token: w.a.token, body: { email: uniqueEmail('pending'), role: 'member' } }), 'inviting');
      const pending = await ok(send('GET', `/api/household/${lastHouseholdOfA}/invitations`, { token: w.a.token }), 'listing invitations');
      return pending.invitations[0].id;
    }
    case 'pushDevice':
      return (await ok(send('POST', '/api/financial/reminders/devices', { token: w.a.token, body: pushSubscription(`${MARKER} phone`) }), 'turning on a device')).id;
    case 'statementUpload':
      return (await uploadStatementOfA()).upload_id;
    case 'statementImport': {
      const { upload_id: uploadId } = await uploadStatementOfA();
      const imported = await ok(send('POST', `/api/plaid-production/statements/${uploadId}/import`, { token: w.a.token, body: { account_id: w.statementAccount } }), "importing A's statement");
      await rowsSettled();
      return imported.import.id;
    }
    case 'securityKey':
      // A keeps a first key all along (the last second factor cannot be removed), and each route gets a fresh one.
      if (!aHasKey) {
        await addKeyOf(w.a, 'A first key');
        aHasKey = true;
      }
      return addKeyOf(w.a, `${MARKER} key`);
    case 'billDueDate':
      // The first occurrence of the bill just made for the same route, marked paid by A, so B has a mark to try.
      await ok(send('POST', `/api/financial/bill-status/${lastBillOfA}/${FUTURE}`, { token: w.a.token }), 'marking a bill paid');
      return FUTURE;
    default:
      throw new Error(`no way to make an owned ${kind as string}`);
  }
}

/**
 * Fields left out of before/after comparisons: clocks of background work, and the display names household and
 * finance ask auth for (a slow answer shows 'Household member' by design; A's profile itself is compared in `me`
 * and every row in the database).
 */
const VOLATILE = /^(last_?synced_?at|lastSyncedAt|last_sign_in_at|updated_at|updatedAt|expires_at|added_by)$/i;
const stable = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(stable)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).filter(([key]) => !VOLATILE.test(key)).map(([key, inner]) => [key, stable(inner)]))
      : value;

/** The day A's dashboard is read for, all run long (the server takes a client's day within one day of its own). */
const VIEW_DAY = new Date().toISOString().slice(0, 10);

/** Everything A can read about A, through the API. */
async function viewOfA(): Promise<Record<string, unknown>> {
  const reads: Record<string, string> = {
    me: '/api/auth/me',
    bills: '/api/financial/bills',
    income: '/api/financial/income',
    goals: '/api/financial/savings-goals',
    suggestions: '/api/financial/suggestions',
    households: '/api/household/my-households',
    members: `/api/household/${w.household}/members`,
    invitations: `/api/household/${w.household}/invitations`,
    accounts: `/api/plaid-production/accounts/${w.a.id}`,
    mfa: `/api/mfa/status/${w.a.id}`,
    calendarFeed: '/api/financial/calendar-feed',
    reminders: '/api/financial/reminders',
    pushDevices: '/api/financial/reminders/devices',
    forecastSettings: '/api/financial/forecast-settings',
    dueDateMoves: '/api/financial/due-date-moves',
  };
  const view: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(reads)) {
    const answer = await send('GET', path, { token: w.a.token });
    expect(answer.status, `A reads ${path}: ${describeAnswer(answer)}`).toBe(200);
    view[name] = stable(answer.json);
  }
  // What A's dashboard says of each bill occurrence (paid, marked by hand), on one fixed day: the
  // server's own day would turn an occurrence from upcoming to due soon between a before and an after at midnight.
  const dashboard = await send('GET', '/api/financial/dashboard-with-insights', { token: w.a.token, query: { today: VIEW_DAY } });
  expect(dashboard.status, `A reads the dashboard: ${describeAnswer(dashboard)}`).toBe(200);
  view.billStatuses = stable(dashboard.json.billStatuses);
  view.members = (view.members as { members: Array<{ id: string; role: string }> }).members.map(({ id, role }) => ({ id, role }));
  return view;
}

/**
 * Tables only a background worker writes, from A's own rows: the reminder ledger gains a row whenever one of A's
 * bills comes within A's days_before (an owner step of an earlier route, such as accepting a detected bill due
 * next week, is enough), at any moment of the run. Nothing B sends reaches that worker except through A's bills
 * and reminder settings, and those are compared; a ledger may only grow (`ledgersOfA`), every row it had stays.
 */
const WORKER_LEDGERS = new Set(['finance.reminder_deliveries']);

/**
 * Columns of A's rows that the same worker keeps, at any moment of the run: when A's next reminder is due and the
 * households its plan included (docs/reminders.md). The rest of those rows (A's toggles, days, zone) is compared.
 */
const WORKER_COLUMNS: Record<string, string[]> = { 'finance.reminder_settings': ['next_reminder_at', 'plan_version', 'household_ids'] };

/** Every row of A's worker ledgers, as text. */
async function ledgersOfA(): Promise<string[]> {
  const rows: string[] = [];
  for (const table of WORKER_LEDGERS) {
    const result = await db.query(`SELECT t::text AS row FROM ${table} t WHERE user_id::text = $1`, [w.a.id]);
    rows.push(...result.rows.map((row) => `${table}: ${row.row}`));
  }
  return rows;
}

/** A's rows in the database: every table with a user_id, A's households' members and invitations, A's account. */
async function rowsOfA(): Promise<Record<string, string>> {
  const rows: Record<string, string> = {};
  const digest = async (label: string, sql: string, params: unknown[]) => {
    const result = await db.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM (${sql}) t`, params);
    rows[label] = `${result.rows[0].n}:${result.rows[0].h}`;
  };
  for (const { table, column } of userTables) {
    if (WORKER_LEDGERS.has(table)) continue;
    const kept = WORKER_COLUMNS[table];
    if (kept) await digest(table, `SELECT to_jsonb(r) - $2::text[] AS row FROM ${table} r WHERE ${column}::text = $1`, [w.a.id, kept]);
    else await digest(table, `SELECT * FROM ${table} WHERE ${column}::text = $1`, [w.a.id]);
  }
  await digest('auth.users', 'SELECT * FROM auth.users WHERE id::text = $1', [w.a.id]);
  const households = 'SELECT household_id FROM household.household_members WHERE user_id::text = $1';
  await digest('household.households', `SELECT * FROM household.households WHERE id IN (${households})`, [w.a.id]);
  await digest('household.household_members', `SELECT * FROM household.household_members WHERE household_id IN (${households})`, [w.a.id]);
  await digest('household.household_invitations', `SELECT * FROM household.household_invitations WHERE household_id IN (${households})`, [w.a.id]);
  return rows;
}

/** What an admin sees of every account, the waitlist and the blog (for the admin-only routes). */
async function adminView(): Promise<Record<string, unknown>> {
  const view: Record<string, unknown> = {};
  for (const path of ['/api/admin/users', '/api/admin/waitlist', '/api/blog/admin/posts']) {
    const answer = await send('GET', path, { token: w.admin.token });
    expect(answer.status, `admin reads ${path}: ${describeAnswer(answer)}`).toBe(200);
    view[path] = stable(answer.json);
  }
  return view;
}

const secrets = () => [w.a.email, w.c.email, MARKER, w.feedPath];

/**
 * A browser's push subscription as Settings sends it: a fresh endpoint (with MARKER, so no answer to B may show
 * A's) and keys of the right shape. Nothing is pushed to it: A's reminders go by e-mail.
 */
function pushSubscription(label: string) {
  const p256dh = randomBytes(65);
  p256dh[0] = 4;
  return {
    endpoint: `https://push.example.com/${MARKER}/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: p256dh.toString('base64url'), auth: randomBytes(16).toString('base64url') },
    label,
  };
}

/** A's reminder settings, distinct from the defaults and from what B saves. */
const A_REMINDER_ZONE = 'Pacific/Auckland';
const A_REMINDERS = { bills: true, income: false, suggestions: true, updates: false, days_before: 9, time_zone: A_REMINDER_ZONE };

/** Every file of a user's export (GET /api/auth/account/export, a zip) as one text. */
async function exportText(token: string): Promise<string> {
  const response = await fetch(new URL('/api/auth/account/export', serviceUrls().auth), { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.values(files).map((bytes) => strFromU8(bytes)).join('\n');
}

/** A's calendar feed still answers A's calendar (A's bills carry MARKER in their names). */
async function expectFeedOfAServes(): Promise<void> {
  const feed = await send('GET', w.feedPath);
  expect(feed.status, `A's calendar feed: ${describeAnswer(feed)}`).toBe(200);
  expect(feed.text).toContain(MARKER);
}

/** The token of the invitation e-mailed to `to` (the link carries it in its fragment). */
async function invitationToken(to: string): Promise<string> {
  const [, token] = await waitForLink(to, /\/household\/accept#token=([^\s"'<&]+)/);
  return decodeURIComponent(token!);
}

/** Links the emulator's sandbox bank for A (the Connected Accounts calls) and waits for detection's suggestions. */
async function linkBank(a: TestUser): Promise<string> {
  await ok(send('POST', '/api/plaid-production/create-link-token', { token: a.token, body: { user_id: a.id } }), 'link token');
  const signInAnswer = await ok(
    send('POST', '/api/plaid-production/sandbox/public-token', {
      token: a.token,
      body: { user_id: a.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' },
    }),
    'sandbox sign-in',
  );
  const exchanged = await ok(
    send('POST', '/api/plaid-production/exchange-token', {
      token: a.token,
      body: { public_token: signInAnswer.public_token, user_id: a.id, institution_id: 'ins_109508', institution_name: 'First Platypus Bank' },
    }),
    'exchange',
  );
  return exchanged.item_id;
}

async function waitForSuggestions(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const pending = await pendingSuggestions();
    if (pending.bills.length >= 4 && pending.income.length >= 1) return;
    if (Date.now() > deadline) throw new Error(`detection gave A ${pending.bills.length} bill and ${pending.income.length} income suggestions in 120 s`);
    await new Promise((settle) => setTimeout(settle, 1000));
  }
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const columns = await db.query(
    `SELECT table_schema || '.' || table_name AS t FROM information_schema.columns
      WHERE column_name = 'user_id' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  for (const row of columns.rows) userTables.push({ table: row.t, column: 'user_id' });

  const [a, b, c, admin] = [await registerUser('matrix-a', 'Avery'), await registerUser('matrix-b', 'Blake'), await registerUser('matrix-c', 'Casey'), await createAdmin()];
  const household = await newHousehold(a, `${MARKER} family`);
  const bHousehold = await newHousehold(b, 'B family');
  await ok(send('POST', `/api/household/${household}/invite`, { token: a.token, body: { email: c.email, role: 'partner' } }), 'inviting C');
  const waitlistEmail = uniqueEmail('waiting');
  await ok(send('POST', '/api/waitlist/join', { body: { email: waitlistEmail, source: 'landing' } }), 'joining the waitlist');
  const waitlist = await ok(send('GET', '/api/admin/waitlist', { token: admin.token }), 'admin waitlist');
  const entries: Array<{ id: string; email: string }> = waitlist.users;
  const waitlistId = entries.find((entry) => entry.email === waitlistEmail)?.id;
  if (!waitlistId) throw new Error(`the waitlist entry is not in the admin list: ${JSON.stringify(waitlist).slice(0, 300)}`);
  const posts = await ok(send('GET', '/api/blog/admin/posts', { token: admin.token }), 'admin posts');
  const blogPostId = (Array.isArray(posts) ? posts : posts.posts)[0]?.id;
  const feedPath: string = (await ok(send('POST', '/api/financial/calendar-feed', { token: a.token }), "A's calendar feed")).path;
  await ok(send('PUT', '/api/financial/reminders', { token: a.token, body: A_REMINDERS }), "A's reminder settings");
  await ok(send('PUT', '/api/financial/forecast-settings', { token: a.token, body: { lowBalanceThresholdCents: A_THRESHOLD_CENTS } }), "A's low-balance threshold");
  w = { a, b, c, admin, household, bHousehold, invitationToken: await invitationToken(c.email), bankItem: await linkBank(a), waitlistEmail, waitlistId, blogPostId, feedPath, aBill: '', bBill: '', statementAccount: '' };
  w.aBill = await newBill(a);
  // B's own bill, without A's marker (every answer to B is searched for it).
  const bRent = { name: 'B rent', amount: 900, due_date: FUTURE, category: 'rent', recurring: 'monthly' };
  w.bBill = (await ok(send('POST', '/api/financial/bills', { token: b.token, body: bRent }), "creating B's bill")).id;
  for (let i = 0; i < 2; i += 1) {
    await newBill(a);
    await newIncome(a);
  }
  await newGoal(a);
  await waitForSuggestions();
  // A's file-fed account, from a first statement (its detection run settles before any route is tried).
  const first = await uploadStatementOfA();
  w.statementAccount = (await ok(send('POST', `/api/plaid-production/statements/${first.upload_id}/import`, { token: a.token, body: { new_account: { name: `${MARKER} file account`, type: 'checking', institution_name: 'Maple Valley' } } }), "A's first statement")).import.account_id;
  await rowsSettled();
}, 240_000);

afterAll(async () => {
  await db?.end();
});

// ------------------------------------------------------------------------------------------------------------

const routes = allRoutes();
const guarded = routes.filter((route) => ROUTE_ACCESS[route.key] && ROUTE_ACCESS[route.key]!.kind !== 'public');

describe('the cross-user matrix covers every route', () => {
  it('classifies every route of the lists and the controllers, and can make an owned id for every path parameter', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const access = ROUTE_ACCESS[route.key];
      if (!access) {
        problems.push(`${route.key} (${route.sources.join(', ')}) is not classified in tests/reliability/support/route-table.ts ROUTE_ACCESS`);
        continue;
      }
      if (access.kind === 'public') continue;
      const params = paramKinds(access);
      for (const name of pathParams(route.path)) if (!params[name]) problems.push(`${route.key}: no resource kind for {${name}}`);
      if (!recipeFor(route, access)) problems.push(`${route.key}: a ${access.kind} route with a body or no default attack needs a recipe in cross-user.test.ts`);
    }
    for (const key of Object.keys(ROUTE_ACCESS)) if (!routes.some((route) => route.key === key)) problems.push(`ROUTE_ACCESS names ${key}, which no list or controller has`);
    expect(problems).toEqual([]);
    expect(guarded.length).toBeGreaterThan(40);
  });
});

describe('another user reads and changes nothing', () => {
  it.each(guarded.map((route) => [route.key, route] as const))('%s', async (_key, route) => {
    const access = ROUTE_ACCESS[route.key]!;
    const recipe = recipeFor(route, access)!;
    const params = paramKinds(access);
    const ids: Ids = {};
    for (const name of pathParams(route.path)) ids[name] = await ownedId(params[name]!);
    const path = fillPath(route.path, ids);
    const bodyOf = (attack: Attack) => (attack.raw ? attack.raw.body : attack.body?.(ids, w));
    const headersOf = (attack: Attack) => (attack.raw ? { 'content-type': attack.raw.contentType } : undefined);
    const queryOf = (attack: Attack) => (typeof attack.query === 'function' ? attack.query(w) : attack.query);

    // No session at all: 401 before anything else.
    const first = recipe.attacks[0]!;
    const anonymous = await send(route.method, path, { body: bodyOf(first), headers: headersOf(first), query: queryOf(first) });
    expect(anonymous.status, `${route.key} without a token: ${describeAnswer(anonymous)}`).toBe(401);

    for (const attack of recipe.attacks) {
      const viewBefore = await viewOfA();
      const rowsBefore = await rowsOfA();
      const ledgersBefore = await ledgersOfA();
      const adminBefore = access.kind === 'admin' ? await adminView() : undefined;
      const token = attack.token ? await attack.token(w) : w.b.token;
      const answer = await send(route.method, path, { token, body: bodyOf(attack), headers: headersOf(attack), query: queryOf(attack) });
      const what = `${route.key} by B (${attack.label})`;
      expect(attack.expect, `${what}: ${describeAnswer(answer)}`).toContain(answer.status);
      for (const secret of secrets()) expect(answer.text, `${what} shows A's data`).not.toContain(secret);
      await attack.verify?.(answer, w);
      expect(await rowsOfA(), `${what} changed A's rows in the database`).toEqual(rowsBefore);
      expect(await ledgersOfA(), `${what} changed or removed rows of A's worker ledgers`).toEqual(expect.arrayContaining(ledgersBefore));
      expect(await viewOfA(), `${what} changed what A reads`).toEqual(viewBefore);
      if (adminBefore) expect(await adminView(), `${what} changed what an admin reads`).toEqual(adminBefore);
    }

    if (recipe.owner) {
      const answer = await send(route.method, path, { token: recipe.owner.token?.(w) ?? w.a.token, body: recipe.owner.body?.(ids, w) });
      expect(recipe.owner.expect, `${route.key} by its owner: ${describeAnswer(answer)}`).toContain(answer.status);
    }
    if (recipe.selfControl) {
      const own = fillPath(route.path, { ...ids, userId: w.b.id });
      const answer = await send(route.method, own, { token: w.b.token });
      expect(recipe.selfControl.expect, `${route.key} by B for B: ${describeAnswer(answer)}`).toContain(answer.status);
    }
  });
});

/** The authenticator app's code `stepsAhead` 30-second steps from now. */
const totpCode = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * MFA_PERIOD_SECONDS, digits: MFA_CODE_LENGTH, period: MFA_PERIOD_SECONDS });

// Finance's shared items take the household branch of the ownership check: a household's bill or income is
// hidden from, and unchangeable by, someone of another household exactly like a personal one.
describe("A's household's shared bill and income are out of reach of another household", () => {
  it.each([
    ['bills', (household: string) => ({ name: `${MARKER} shared rent`, amount: 900, due_date: FUTURE, household_id: household }), { name: 'Hijacked' }],
    ['income', (household: string) => ({ source: `${MARKER} shared pay`, amount: 900, next_date: FUTURE, household_id: household }), { source: 'Hijacked' }],
  ] as const)('/api/financial/%s/{id}', async (kind, shared, change) => {
    const made = await ok(send('POST', `/api/financial/${kind}`, { token: w.a.token, body: shared(w.household) }), `sharing a ${kind} row`);
    const rowsBefore = await rowsOfA();
    const viewBefore = await viewOfA();
    const answers = [
      await send('GET', `/api/financial/${kind}`, { token: w.b.token }),
      await send('GET', '/api/financial/dashboard-with-insights', { token: w.b.token }),
      await send('PUT', `/api/financial/${kind}/${made.id}`, { token: w.b.token, body: change }),
      await send('PUT', `/api/financial/${kind}/${made.id}`, { token: w.b.token, body: { household_id: w.bHousehold } }),
      await send('DELETE', `/api/financial/${kind}/${made.id}`, { token: w.b.token }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 404, 404]);
    for (const answer of answers) for (const secret of secrets()) expect(answer.text).not.toContain(secret);
    expect(await rowsOfA()).toEqual(rowsBefore);
    expect(await viewOfA()).toEqual(viewBefore);
    // The owner can: the refusals were about the household, not the request.
    expect((await send('PUT', `/api/financial/${kind}/${made.id}`, { token: w.a.token, body: { household_id: null } })).status).toBe(200);
  });
});

// Public routes whose credential is in the request: a credential of B's never opens A's account.
describe("B's credentials never open A's account", () => {
  it("GET /api/financial/calendar-feed/{token}.ics: B's link shows B's calendar only; no made-up token opens one", async () => {
    const bFeed = await ok(send('POST', '/api/financial/calendar-feed', { token: w.b.token }), "B's calendar feed");
    const own = await send('GET', bFeed.path);
    expect(own.status, describeAnswer(own)).toBe(200);
    for (const secret of secrets()) expect(own.text).not.toContain(secret);
    // A token one character off A's, tokens of other shapes, A's user id: each the same bare 404.
    const aToken = /([^/]+)\.ics$/.exec(w.feedPath)![1]!;
    const guesses = [`${aToken.slice(0, -1)}${aToken.endsWith('A') ? 'B' : 'A'}`, w.a.id, aToken.toLowerCase(), `${aToken}=`, ''];
    for (const guess of guesses) {
      const answer = await send('GET', `/api/financial/calendar-feed/${encodeURIComponent(guess)}.ics`);
      expect(answer.status, `${guess}: ${describeAnswer(answer)}`).toBe(404);
      for (const secret of secrets()) expect(answer.text).not.toContain(secret);
    }
    await expectFeedOfAServes();
    await ok(send('DELETE', '/api/financial/calendar-feed', { token: w.b.token }), "turning B's feed off");
  });

  it("/api/financial/reminders/unsubscribe: no made-up token turns A's reminders off", async () => {
    const guesses = ['A'.repeat(43), w.a.id, 'x', `${'A'.repeat(43)}=`];
    for (const guess of guesses) {
      for (const path of ['/api/financial/reminders/unsubscribe-check', '/api/financial/reminders/unsubscribe']) {
        const answer = await send('POST', path, { body: { token: guess } });
        expect(answer.status, `${path} ${guess}: ${describeAnswer(answer)}`).toBe(404);
        for (const secret of secrets()) expect(answer.text).not.toContain(secret);
      }
      // A link with the token in the path (mailed before the fragment) only redirects to the page.
      const older = await send('GET', `/api/financial/reminders/unsubscribe/${encodeURIComponent(guess)}`);
      expect(older.status, `GET ${guess}: ${describeAnswer(older)}`).toBe(303);
      for (const secret of secrets()) expect(`${older.headers.get('location')}${older.text}`).not.toContain(secret);
    }
    expect((await ok(send('GET', '/api/financial/reminders', { token: w.a.token }), "A's reminder settings"))).toMatchObject({ ...A_REMINDERS, saved: true });
  });

  it("POST /api/mfa/verify-key: B's sign-in challenge with A's userId gives neither options nor a session", async () => {
    const mallory = await registerUser('matrix-key', 'Morgan');
    const key = new SoftAuthenticator({ credentialId: randomBytes(16) });
    await addKeyOf(mallory, 'Morgan key', key);
    const challenge = await ok(send('POST', '/api/auth/login', { body: { email: mallory.email, password: PASSWORD } }), 'sign-in with a key');
    expect(challenge.factors).toEqual(['webauthn']);
    const foreign = await send('POST', '/api/mfa/keys/sign-in-options', { token: challenge.mfa_token, body: { userId: w.a.id } });
    expect(foreign.status, describeAnswer(foreign)).toBe(403);
    const own = await ok(send('POST', '/api/mfa/keys/sign-in-options', { token: challenge.mfa_token, body: { userId: mallory.id } }), 'key options');
    const credential = key.authenticate(own.options, appOrigin());
    const stolen = await send('POST', '/api/mfa/verify-key', { token: challenge.mfa_token, body: { userId: w.a.id, credential } });
    expect(stolen.status, describeAnswer(stolen)).toBe(403);
    expect(stolen.json?.session).toBeUndefined();
    expect(refreshCookieFrom(stolen)).toBeUndefined();
    for (const secretText of secrets()) expect(stolen.text).not.toContain(secretText);
    // The same answer for its own account signs in: the refusal was about whose account it is.
    const signedIn = await send('POST', '/api/mfa/verify-key', { token: challenge.mfa_token, body: { userId: mallory.id, credential } });
    expect(signedIn.status, describeAnswer(signedIn)).toBe(200);
    expect(signedIn.json.user.id).toBe(mallory.id);
  });

  it("POST /api/mfa/verify: B's sign-in challenge with A's userId gives no session", async () => {
    const mallory = await registerUser('matrix-mfa', 'Morgan');
    const setup = await ok(send('POST', '/api/mfa/setup', { token: mallory.token, body: { userId: mallory.id } }), 'two-factor setup');
    const secret: string = setup.manualEntryKey;
    const enabled = await send('POST', '/api/mfa/enable', { token: mallory.token, body: { userId: mallory.id, token: await totpCode(secret), password: PASSWORD } });
    expect(enabled.json?.success, describeAnswer(enabled)).toBe(true);
    const challenge = await ok(send('POST', '/api/auth/login', { body: { email: mallory.email, password: PASSWORD } }), 'sign-in with two-factor');
    expect(challenge.mfa_required).toBe(true);

    const code = await totpCode(secret, 1);
    const stolen = await send('POST', '/api/mfa/verify', { token: challenge.mfa_token, body: { userId: w.a.id, token: code } });
    expect(stolen.status, `verify with A's userId: ${describeAnswer(stolen)}`).toBeGreaterThanOrEqual(400);
    expect(stolen.status).toBeLessThan(500);
    expect(stolen.json?.session).toBeUndefined();
    expect(refreshCookieFrom(stolen)).toBeUndefined();
    for (const secretText of secrets()) expect(stolen.text).not.toContain(secretText);

    // The same challenge and code for its own account work: the refusal was about whose account it is.
    const own = await send('POST', '/api/mfa/verify', { token: challenge.mfa_token, body: { userId: mallory.id, token: code } });
    expect(own.status, describeAnswer(own)).toBe(200);
    expect(own.json.user?.id ?? mallory.id).toBe(mallory.id);
    expect(own.text).not.toContain(w.a.email);
  });
});
