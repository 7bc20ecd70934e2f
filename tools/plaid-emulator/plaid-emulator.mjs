import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { createStatePersistence } from './state-file.mjs';
import { createItemStore } from './item-store.mjs';
import { createJsonRouter } from './json-router.mjs';
import { invalidApiKeys, missingFields } from './plaid-errors.mjs';
import { createPlaidRoutes } from './plaid-routes.mjs';
import { createTestHooks } from './test-hooks.mjs';
import { createWebhookSender } from './webhook-sender.mjs';

export { generateBankData } from './bank-data-generator.mjs';

export const EMULATOR_CLIENT_ID = 'emulator-client-id';
export const EMULATOR_SECRET = 'emulator-secret';

function sameText(left, right) {
  const a = Buffer.from(String(left));
  const b = Buffer.from(String(right));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Plaid accepts the keys in the body or in the PLAID-CLIENT-ID / PLAID-SECRET headers. */
function checkApiKeys({ body, headers }, credentials) {
  const clientId = body.client_id ?? headers['plaid-client-id'];
  const secret = body.secret ?? headers['plaid-secret'];
  const missing = [clientId ? null : 'client_id', secret ? null : 'secret'].filter(Boolean);
  if (missing.length > 0) throw missingFields(missing);
  if (!sameText(clientId, credentials.clientId) || !sameText(secret, credentials.secret))
    throw invalidApiKeys();
}

/**
 * Starts a Plaid API emulator that the real `plaid` client reaches through `basePath: url`.
 * `seed` makes the data deterministic; `clock()` (milliseconds) decides "today" and token expiry.
 * `maxPurchasesPerDay` scales card spending per item (default 2, about 1,000 transactions in 24 months).
 * `webhookRetryDelaysMs` sets the waits before each webhook retry (default 1 s, 5 s, 25 s).
 * `stateFile` (optional): items and access tokens are kept in that JSON file and read back at start, so a
 * bank linked before a restart still syncs after it (the launcher's default run); tests leave it unset.
 * Returns `{ url, port, close, hooks, store }`: `hooks` are the off-by-default test hooks, `store.items`
 * holds every item with its true recurring `streams` for scoring detection.
 */
export async function startPlaidEmulator({
  port = 0,
  host = '127.0.0.1',
  seed = 'payday',
  clock = () => Date.now(),
  clientId = EMULATOR_CLIENT_ID,
  secret = EMULATOR_SECRET,
  log = (line) => process.stderr.write(`${line}\n`),
  webhookRetryDelaysMs,
  maxPurchasesPerDay,
  stateFile,
} = {}) {
  const now = () => Number(clock());
  const store = createItemStore({ seed, clock: now, maxPurchasesPerDay });
  const persistence = createStatePersistence({ stateFile, store, log });
  const hooks = createTestHooks();
  const webhooks = createWebhookSender({ clock: now, retryDelaysMs: webhookRetryDelaysMs, log });
  const routes = persistence.watch(createPlaidRoutes({ seed, store, clock: now, hooks, webhooks }));
  const handle = createJsonRouter({
    routes,
    log,
    before: async (context) => {
      checkApiKeys(context, { clientId, secret });
      await hooks.beforeCall();
    },
  });
  const server = http.createServer((request, response) => void handle(request, response));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const close = () =>
    new Promise((resolve) => {
      webhooks.close();
      persistence.flush();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://${host}:${address.port}`, port: address.port, close, hooks, store };
}
