// Every HTTP route of every service, as data the reliability suite iterates: the documented list
// (SERVICE_ROUTES), the endpoint tables the browser calls through, and the routes the controllers actually
// declare (so a route added to a controller but to no list is still covered the day it is added).
// ROUTE_ACCESS says who may use each one; the cross-user matrix fails on a route it does not classify.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINT_TABLES, type Endpoint } from '../../../libs/contracts/src/endpoints.js';
import { SERVICE_ROUTES, type ServiceName } from '../../../libs/contracts/src/routes.js';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `METHOD /path/{param}` as in SERVICE_ROUTES. */
export type RouteKey = string;

export interface Route {
  key: RouteKey;
  service: ServiceName;
  method: string;
  path: string;
  /** The endpoint table's entry, when the browser calls it through one. */
  endpoint?: Endpoint;
  /** Where the route was found: the documented list, an endpoint table, a controller. */
  sources: Array<'SERVICE_ROUTES' | 'endpoints' | 'controller'>;
}


/** The `{name}`s of a path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), suffix) : entry.name.endsWith(suffix) ? [join(dir, entry.name)] : [],
  );
}

/**
 * The HTTP routes the services' controllers declare (`@Controller('prefix')` + `@Get(':id')`...), read from
 * services/<name>/src/**\/*.controller.ts, as `{service, key}`. Message controllers (`@Controller()` with only
 * `@MessagePattern`s) declare none.
 */
export function controllerRoutes(): Array<{ service: ServiceName; key: RouteKey; file: string }> {
  const found: Array<{ service: ServiceName; key: RouteKey; file: string }> = [];
  for (const service of Object.keys(SERVICE_ROUTES) as ServiceName[]) {
    for (const file of filesUnder(join(REPO_ROOT, 'services', service, 'src'), '.controller.ts')) {
      let prefix = '';
      for (const match of readFileSync(file, 'utf8').matchAll(/@(Controller|Get|Post|Put|Delete|Patch)\(\s*(?:'([^']*)')?[^)]*\)/g)) {
        const [, decorator, argument = ''] = match;
        if (decorator === 'Controller') {
          prefix = argument;
          continue;
        }
        const path = `/${[prefix, argument].filter(Boolean).join('/')}`.replace(/\/+/g, '/').replace(/\/$/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        found.push({ service, key: `${decorator!.toUpperCase()} ${path || '/'}`, file: file.slice(REPO_ROOT.length + 1) });
      }
    }
  }
  return found;
}

/** Every route of every service: the union of SERVICE_ROUTES, the endpoint tables and the controllers. */
export function allRoutes(): Route[] {
  const routes = new Map<RouteKey, Route>();
  const add = (service: ServiceName, key: RouteKey, source: Route['sources'][number], endpoint?: Endpoint) => {
    const [method, path] = key.split(' ') as [string, string];
    const route = routes.get(key) ?? { key, service, method, path, sources: [] };
    if (!route.sources.includes(source)) route.sources.push(source);
    if (endpoint) route.endpoint = endpoint;
    routes.set(key, route);
  };
  for (const [service, keys] of Object.entries(SERVICE_ROUTES)) for (const key of keys) add(service as ServiceName, key, 'SERVICE_ROUTES');
  for (const { service, endpoints } of Object.values(ENDPOINT_TABLES)) {
    for (const endpoint of Object.values(endpoints)) add(service, `${endpoint.method} ${endpoint.path}`, 'endpoints', endpoint);
  }
  for (const { service, key } of controllerRoutes()) add(service, key, 'controller');
  return [...routes.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * What a path parameter (or an id in a body) names, for the matrix to make one owned by another user:
 * `user` is the other user's own id.
 */
export type ResourceKind =
  | 'user'
  | 'bill'
  /** The due date of the `bill` made for the same route (a bill occurrence). */
  | 'billDueDate'
  | 'income'
  | 'savingsGoal'
  | 'billSuggestion'
  | 'incomeSuggestion'
  | 'suggestion'
  | 'household'
  | 'bankItem'
  | 'generatorKind'
  | 'waitlistEntry'
  | 'blogPost'
  /** A move A started with a biller (the due-date planner), on a bill of A's that can move. */
  | 'dueDateMove'
  /** A pending invitation A sent from the `household` made for the same route. */
  | 'invitation'
  /** A device A turned reminders on for (Web Push). */
  | 'pushDevice'
  /** A statement file A uploaded and has not imported yet. */
  | 'statementUpload'
  /** A statement file A imported (undo takes it back). */
  | 'statementImport'
  /** A security key A added (A keeps another, so the owner may remove this one). */
  | 'securityKey';

export type Access =
  /** No session: anyone may call it (its credential, if any, is in the request itself). */
  | { kind: 'public'; why: string }
  /** The admin role only: a plain user is refused (403) and nothing changes. */
  | { kind: 'admin'; params?: Record<string, ResourceKind> }
  /** The session's own user only (lists, creates, the profile); ids in its body must be the caller's. */
  | { kind: 'self' }
  /** Names someone's data in its path: another user's ids are refused (403/404) and nothing changes. */
  | { kind: 'owned'; params: Record<string, ResourceKind> };

const user = { userId: 'user' } as const;

/** Who may use each route. A route missing here fails the cross-user matrix. */
export const ROUTE_ACCESS: Record<RouteKey, Access> = {
  'POST /api/waitlist/join': { kind: 'public', why: 'the public waitlist form' },

  'POST /api/auth/register': { kind: 'public', why: 'sign-up' },
  'POST /api/auth/login': { kind: 'public', why: 'sign-in' },
  'POST /api/auth/refresh': { kind: 'public', why: 'the refresh cookie is the credential (its races: concurrency.test.ts)' },
  'POST /api/auth/logout': { kind: 'self' },
  'GET /api/auth/me': { kind: 'self' },
  'POST /api/auth/forgot-password': { kind: 'public', why: 'password reset request' },
  'POST /api/auth/update-password': { kind: 'public', why: "the reset link's recovery token is the credential" },
  'PUT /api/auth/update-profile': { kind: 'self' },
  'POST /api/auth/confirm-email': { kind: 'public', why: "the confirmation link's token is the credential" },
  'POST /api/auth/confirm-email/resend': { kind: 'self' },
  // The caller's own data as a zip, and the caller's own account's deletion.
  'GET /api/auth/account/export': { kind: 'self' },
  'POST /api/auth/account/delete': { kind: 'self' },
  'GET /.well-known/jwks.json': { kind: 'public', why: 'public signing keys' },
  'GET /api/mfa/status/{userId}': { kind: 'owned', params: user },
  'POST /api/mfa/setup': { kind: 'self' },
  'POST /api/mfa/enable': { kind: 'self' },
  'POST /api/mfa/disable': { kind: 'self' },
  'POST /api/mfa/verify': { kind: 'public', why: "the sign-in challenge token is the credential" },
  'GET /api/mfa/backup-codes/{userId}': { kind: 'owned', params: user },
  'POST /api/mfa/keys/registration-options': { kind: 'self' },
  'POST /api/mfa/keys': { kind: 'self' },
  'POST /api/mfa/keys/{id}/remove': { kind: 'owned', params: { id: 'securityKey' } },
  'POST /api/mfa/keys/assertion-options': { kind: 'self' },
  'POST /api/mfa/keys/sign-in-options': { kind: 'public', why: 'the sign-in challenge token is the credential' },
  'POST /api/mfa/verify-key': { kind: 'public', why: 'the sign-in challenge token is the credential' },
  'POST /api/auth/passkey/options': { kind: 'public', why: 'a passkey sign-in starts before any account is known' },
  'POST /api/auth/passkey/sign-in': { kind: 'public', why: "the passkey's signature over the ceremony's challenge is the credential" },

  'GET /api/financial/bills': { kind: 'self' },
  'POST /api/financial/bills': { kind: 'self' },
  'PUT /api/financial/bills/{id}': { kind: 'owned', params: { id: 'bill' } },
  'DELETE /api/financial/bills/{id}': { kind: 'owned', params: { id: 'bill' } },
  'GET /api/financial/income': { kind: 'self' },
  'POST /api/financial/income': { kind: 'self' },
  'PUT /api/financial/income/{id}': { kind: 'owned', params: { id: 'income' } },
  'DELETE /api/financial/income/{id}': { kind: 'owned', params: { id: 'income' } },
  'GET /api/financial/savings-goals': { kind: 'self' },
  'POST /api/financial/savings-goals': { kind: 'self' },
  'PUT /api/financial/savings-goals/{id}': { kind: 'owned', params: { id: 'savingsGoal' } },
  'DELETE /api/financial/savings-goals/{id}': { kind: 'owned', params: { id: 'savingsGoal' } },
  'POST /api/financial/sync-bank-data': { kind: 'self' },
  'GET /api/financial/dashboard-with-insights': { kind: 'self' },
  'GET /api/financial/timeline': { kind: 'self' },
  'GET /api/financial/suggestions': { kind: 'self' },
  'POST /api/financial/accept-bill/{id}': { kind: 'owned', params: { id: 'billSuggestion' } },
  'POST /api/financial/accept-income/{id}': { kind: 'owned', params: { id: 'incomeSuggestion' } },
  'POST /api/financial/dismiss-suggestion/{id}': { kind: 'owned', params: { id: 'suggestion' } },
  'POST /api/financial/suggestions/{id}/link': { kind: 'owned', params: { id: 'billSuggestion' } },
  'POST /api/financial/suggestions/{id}/replace': { kind: 'owned', params: { id: 'billSuggestion' } },
  'GET /api/financial/calendar-feed': { kind: 'self' },
  'POST /api/financial/calendar-feed': { kind: 'self' },
  'DELETE /api/financial/calendar-feed': { kind: 'self' },
  'GET /api/financial/calendar-feed/{token}.ics': { kind: 'public', why: "the feed's secret token is the credential (calendar apps send no session)" },
  'GET /api/financial/reminders': { kind: 'self' },
  'PUT /api/financial/reminders': { kind: 'self' },
  'GET /api/financial/reminders/push-key': { kind: 'self' },
  'GET /api/financial/reminders/devices': { kind: 'self' },
  'POST /api/financial/reminders/devices': { kind: 'self' },
  'DELETE /api/financial/reminders/devices/{id}': { kind: 'owned', params: { id: 'pushDevice' } },
  'GET /api/financial/reminders/unsubscribe': { kind: 'public', why: 'the unsubscribe page, the same for everyone (its script reads the token from the link)' },
  'GET /api/financial/reminders/unsubscribe.js': { kind: 'public', why: "the unsubscribe page's script" },
  'POST /api/financial/reminders/unsubscribe-check': { kind: 'public', why: "a reminder e-mail's unsubscribe token, in the body, is the credential (opened from a mail app, no session)" },
  'POST /api/financial/reminders/unsubscribe': { kind: 'public', why: "a reminder e-mail's unsubscribe token, in the body, is the credential (opened from a mail app, no session)" },
  'GET /api/financial/reminders/unsubscribe/{token}': { kind: 'public', why: 'a link mailed with the token in the path: a redirect to the page, changing nothing' },
  'POST /api/financial/bill-status/{billId}/{dueDate}': { kind: 'owned', params: { billId: 'bill', dueDate: 'billDueDate' } },
  'DELETE /api/financial/bill-status/{billId}/{dueDate}': { kind: 'owned', params: { billId: 'bill', dueDate: 'billDueDate' } },
  'GET /api/financial/forecast-settings': { kind: 'self' },
  'PUT /api/financial/forecast-settings': { kind: 'self' },
  'GET /api/financial/households/{householdId}/calendar': { kind: 'owned', params: { householdId: 'household' } },
  'GET /api/financial/due-date-plan': { kind: 'self' },
  'POST /api/financial/due-date-plan/preview': { kind: 'self' },
  'GET /api/financial/due-date-moves': { kind: 'self' },
  'POST /api/financial/due-date-moves': { kind: 'self' },
  'PUT /api/financial/due-date-moves/{id}': { kind: 'owned', params: { id: 'dueDateMove' } },
  'DELETE /api/financial/due-date-moves/{id}': { kind: 'owned', params: { id: 'dueDateMove' } },
  'POST /api/financial/due-date-moves/{id}/letter': { kind: 'owned', params: { id: 'dueDateMove' } },

  'POST /api/plaid-production/create-link-token': { kind: 'self' },
  'POST /api/plaid-production/sandbox/public-token': { kind: 'self' },
  'POST /api/plaid-production/exchange-token': { kind: 'self' },
  'POST /api/plaid-production/repaired/{itemId}': { kind: 'owned', params: { itemId: 'bankItem' } },
  'GET /api/plaid-production/accounts/{userId}': { kind: 'owned', params: user },
  'POST /api/plaid-production/sync/{userId}': { kind: 'owned', params: user },
  'POST /api/plaid-production/import-transactions/{userId}': { kind: 'owned', params: user },
  'GET /api/plaid-production/analytics/{userId}': { kind: 'owned', params: user },
  'GET /api/plaid-production/suggestions/{userId}': { kind: 'owned', params: user },
  'GET /api/plaid-production/transactions/{userId}': { kind: 'owned', params: user },
  'DELETE /api/plaid-production/disconnect/{plaidItemId}': { kind: 'owned', params: { plaidItemId: 'bankItem' } },
  'POST /api/plaid-production/cleanup-duplicates/{userId}': { kind: 'owned', params: user },
  'POST /api/plaid-production/webhook': { kind: 'public', why: "Plaid's webhook, verified by its signature" },
  'POST /api/plaid-data/generate/{userId}': { kind: 'owned', params: user },
  'POST /api/plaid-data/generate/{userId}/{kind}': { kind: 'owned', params: { userId: 'user', kind: 'generatorKind' } },
  'POST /api/plaid-production/statements': { kind: 'self' },
  'POST /api/plaid-production/statements/{uploadId}/preview': { kind: 'owned', params: { uploadId: 'statementUpload' } },
  'POST /api/plaid-production/statements/{uploadId}/import': { kind: 'owned', params: { uploadId: 'statementUpload' } },
  'GET /api/plaid-production/statement-imports': { kind: 'self' },
  'DELETE /api/plaid-production/statement-imports/{importId}': { kind: 'owned', params: { importId: 'statementImport' } },

  'GET /api/admin/waitlist': { kind: 'admin' },
  'GET /api/admin/users': { kind: 'admin' },
  'POST /api/admin/create-user': { kind: 'admin' },
  'POST /api/admin/approve-user': { kind: 'admin' },
  'DELETE /api/admin/waitlist/{id}': { kind: 'admin', params: { id: 'waitlistEntry' } },
  'POST /api/admin/toggle-user-status': { kind: 'admin' },
  'GET /api/admin/logs': { kind: 'admin' },
  'POST /api/admin/queues/session': { kind: 'admin' },
  'DELETE /api/admin/queues/session': { kind: 'admin' },
  'GET /api/admin/queues': { kind: 'admin' },

  'GET /api/blog/posts': { kind: 'public', why: 'published posts' },
  'GET /api/blog/posts/{slug}': { kind: 'public', why: 'a published post' },
  'GET /api/blog/images/{name}': { kind: 'public', why: "posts' images" },
  'GET /api/blog/admin/posts': { kind: 'admin' },
  'POST /api/blog/admin/posts': { kind: 'admin' },
  'PUT /api/blog/admin/posts/{id}': { kind: 'admin', params: { id: 'blogPost' } },
  'DELETE /api/blog/admin/posts/{id}': { kind: 'admin', params: { id: 'blogPost' } },
  'POST /api/blog/admin/images': { kind: 'admin' },

  'POST /api/household/create': { kind: 'self' },
  'GET /api/household/my-households': { kind: 'self' },
  'GET /api/household/{id}/members': { kind: 'owned', params: { id: 'household' } },
  'POST /api/household/{id}/invite': { kind: 'owned', params: { id: 'household' } },
  'POST /api/household/accept-invitation': { kind: 'self' },
  'POST /api/household/invitation-details': { kind: 'public', why: "the invitation token is the credential (the page before sign-in)" },
  'POST /api/household/{id}/leave': { kind: 'owned', params: { id: 'household' } },
  'PUT /api/household/{id}/members/{userId}': { kind: 'owned', params: { id: 'household', userId: 'user' } },
  'GET /api/household/{id}/invitations': { kind: 'owned', params: { id: 'household' } },
  'POST /api/household/{id}/invitations/{invitationId}/resend': { kind: 'owned', params: { id: 'household', invitationId: 'invitation' } },
  'POST /api/household/{id}/invitations/{invitationId}/withdraw': { kind: 'owned', params: { id: 'household', invitationId: 'invitation' } },
};
