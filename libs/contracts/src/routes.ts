/**
 * The documented /api routes of each service that exists, as `METHOD /path` with `{param}` placeholders.
 * tests/contract holds gateway/kong.yml against this list: every route here must be routed to its service.
 */
export const SERVICE_ROUTES = {
  waitlist: ['POST /api/waitlist/join'],
  auth: [
    'POST /api/auth/register',
    'POST /api/auth/login',
    'POST /api/auth/refresh',
    'POST /api/auth/logout',
    'GET /api/auth/me',
    'POST /api/auth/forgot-password',
    'POST /api/auth/update-password',
    'PUT /api/auth/update-profile',
    'GET /.well-known/jwks.json',
    'GET /api/mfa/status/{userId}',
    'POST /api/mfa/setup',
    'POST /api/mfa/enable',
    'POST /api/mfa/disable',
    'POST /api/mfa/verify',
    'GET /api/mfa/backup-codes/{userId}',
  ],
  finance: [
    'GET /api/financial/bills',
    'POST /api/financial/bills',
    'PUT /api/financial/bills/{id}',
    'DELETE /api/financial/bills/{id}',
    'GET /api/financial/income',
    'POST /api/financial/income',
    'PUT /api/financial/income/{id}',
    'DELETE /api/financial/income/{id}',
    'GET /api/financial/savings-goals',
    'POST /api/financial/savings-goals',
    'PUT /api/financial/savings-goals/{id}',
    'POST /api/financial/sync-bank-data',
    'GET /api/financial/dashboard-with-insights',
    'GET /api/financial/timeline',
    'GET /api/financial/suggestions',
    'POST /api/financial/accept-bill/{id}',
    'POST /api/financial/accept-income/{id}',
  ],
} as const;

export type ServiceName = keyof typeof SERVICE_ROUTES;
