import { buildTransaction } from './bank-data-generator.mjs';
import { invalidField, itemLoginRequired, missingFields } from './plaid-errors.mjs';
import { resolveSandboxUser } from './sandbox-users.mjs';
import { createRandom } from './seeded-random.mjs';
import { decodeCursor, encodeCursor, readPage } from './transaction-log.mjs';

const SANDBOX_INSTITUTION = 'ins_109508';

function requireFields(body, fields) {
  const missing = fields.filter(
    (field) => body[field] === undefined || body[field] === null || body[field] === '',
  );
  if (missing.length > 0) throw missingFields(missing);
}

function selectAccounts(item, accountIds) {
  if (accountIds === undefined) return item.accounts;
  if (!Array.isArray(accountIds)) throw invalidField('options.account_ids must be an array');
  const unknown = accountIds.filter((id) => !item.accounts.some((account) => account.account_id === id));
  if (unknown.length > 0) throw invalidField(`account_ids contains unknown ids: ${unknown.join(', ')}`);
  return item.accounts.filter((account) => accountIds.includes(account.account_id));
}

function itemView(item) {
  return {
    item_id: item.item_id,
    institution_id: item.institution_id,
    webhook: item.webhook ?? '',
    error: null,
    available_products: ['balance', 'identity', 'investments'],
    billed_products: ['transactions'],
    products: ['transactions'],
    consented_products: ['transactions'],
    update_type: 'background',
    consent_expiration_time: null,
    auth_method: null,
  };
}

function recurringStream(stream) {
  return {
    stream_id: stream.stream_id,
    account_id: stream.account_id,
    category: null,
    category_id: null,
    description: stream.description,
    merchant_name: stream.merchant_name,
    personal_finance_category: {
      primary: stream.category.primary,
      detailed: stream.category.detailed,
      confidence_level: 'VERY_HIGH',
    },
    first_date: stream.first_date,
    last_date: stream.last_date,
    predicted_next_date: stream.predicted_next_date,
    frequency: stream.frequency,
    transaction_ids: stream.transaction_ids,
    average_amount: {
      amount: stream.direction === 'inflow' ? -stream.average_amount : stream.average_amount,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    },
    last_amount: {
      amount: stream.direction === 'inflow' ? -stream.last_amount : stream.last_amount,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    },
    is_active: true,
    status: stream.dates.length >= 3 ? 'MATURE' : 'EARLY_DETECTION',
    is_user_modified: false,
  };
}

/** Plaid's endpoints over an item store. `hooks` are the test hooks (see plaid-emulator.mjs). */
export function createPlaidRoutes({ seed, store, clock, hooks, webhooks }) {
  const notifySyncUpdates = (item) =>
    webhooks.send(item.webhook, {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: item.item_id,
      initial_update_complete: true,
      historical_update_complete: true,
      environment: 'sandbox',
    });

  const random = createRandom(`routes:${seed}`);
  return {
    '/link/token/create': ({ body }) => {
      requireFields(body, ['client_name', 'language', 'country_codes', 'user']);
      if (!body.user?.client_user_id) throw missingFields(['user.client_user_id']);
      if (!body.access_token && !(Array.isArray(body.products) && body.products.length > 0))
        throw missingFields(['products']);
      if (body.access_token) store.itemFor(body.access_token, { requireLogin: false });
      return {
        link_token: `link-sandbox-${random.id(8).toLowerCase()}-${random.id(4).toLowerCase()}-${random.id(12).toLowerCase()}`,
        expiration: new Date(clock() + 4 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      };
    },

    '/sandbox/public_token/create': ({ body }) => {
      requireFields(body, ['institution_id', 'initial_products']);
      const daysRequested = body.options?.transactions?.days_requested;
      if (
        daysRequested !== undefined &&
        !(Number.isInteger(daysRequested) && daysRequested >= 1 && daysRequested <= 730)
      ) {
        throw invalidField('options.transactions.days_requested must be an integer from 1 to 730');
      }
      const customConfig = resolveSandboxUser(body.options);
      const item = store.createItem({
        institutionId: body.institution_id ?? SANDBOX_INSTITUTION,
        webhook: body.options?.webhook,
        daysRequested,
        customConfig,
      });
      return { public_token: store.issuePublicToken(item) };
    },

    '/item/public_token/exchange': ({ body }) => {
      requireFields(body, ['public_token']);
      const { accessToken, itemId } = store.exchangePublicToken(body.public_token);
      return { access_token: accessToken, item_id: itemId };
    },

    '/accounts/get': ({ body }) => {
      requireFields(body, ['access_token']);
      const item = store.itemFor(body.access_token);
      return { accounts: selectAccounts(item, body.options?.account_ids), item: itemView(item) };
    },

    '/accounts/balance/get': ({ body }) => {
      requireFields(body, ['access_token']);
      const item = store.itemFor(body.access_token);
      return { accounts: selectAccounts(item, body.options?.account_ids), item: itemView(item) };
    },

    '/transactions/sync': ({ body }) => {
      requireFields(body, ['access_token']);
      const item = store.itemFor(body.access_token);
      const count = body.count ?? 100;
      if (!Number.isInteger(count) || count < 1 || count > 500)
        throw invalidField('count must be an integer from 1 to 500');
      const position = decodeCursor(body.cursor, item.item_id, item.log.length);
      if (position === null) throw invalidField('cursor is not a valid cursor for this item');
      hooks.checkMutationDuringPagination(item, position);
      const page = readPage(item.log, position, count);
      return {
        added: page.added,
        modified: page.modified,
        removed: page.removed,
        next_cursor: encodeCursor(item.item_id, page.nextPosition),
        has_more: page.hasMore,
        transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
        accounts: item.accounts,
      };
    },

    '/transactions/recurring/get': ({ body }) => {
      requireFields(body, ['access_token']);
      const item = store.itemFor(body.access_token);
      const accountIds = new Set(
        selectAccounts(item, body.account_ids ?? body.options?.account_ids).map(
          (account) => account.account_id,
        ),
      );
      const streams = item.streams.filter((stream) => accountIds.has(stream.account_id));
      return {
        inflow_streams: streams.filter((stream) => stream.direction === 'inflow').map(recurringStream),
        outflow_streams: streams.filter((stream) => stream.direction === 'outflow').map(recurringStream),
        updated_datetime: new Date(clock()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        personal_finance_category_version: 'v1',
      };
    },

    '/sandbox/transactions/create': ({ body }) => {
      requireFields(body, ['access_token', 'transactions']);
      const item = store.itemFor(body.access_token);
      if (!Array.isArray(body.transactions) || body.transactions.length === 0) {
        throw invalidField('transactions must be a non-empty array');
      }
      const account = item.accounts.find((candidate) => candidate.type === 'depository');
      for (const input of body.transactions) {
        requireFields(input, ['date_transacted', 'date_posted', 'amount', 'description']);
        if (typeof input.amount !== 'number') throw invalidField('amount must be a number');
        const transaction = buildTransaction({
          transaction_id: random.id(),
          account_id: account.account_id,
          amount: input.amount,
          date: input.date_posted,
          name: input.description,
          merchant_name: null,
          category: { legacy: 'Transfer', primary: 'OTHER', detailed: 'OTHER_OTHER' },
        });
        transaction.authorized_date = input.date_transacted;
        transaction.iso_currency_code = input.iso_currency_code ?? 'USD';
        item.log.push({ type: 'added', transaction });
      }
      notifySyncUpdates(item);
      return {};
    },

    '/sandbox/item/reset_login': ({ body }) => {
      requireFields(body, ['access_token']);
      const item = store.itemFor(body.access_token, { requireLogin: false });
      item.loginRequired = true;
      webhooks.send(item.webhook, {
        webhook_type: 'ITEM',
        webhook_code: 'ERROR',
        item_id: item.item_id,
        error: itemLoginRequired().toBody(null),
        environment: 'sandbox',
      });
      return { reset_login: true };
    },

    /**
     * Emulator only (Plaid has no such endpoint): what Link's update mode does after reset_login, a new
     * sign-in with the sandbox user's credentials clears ITEM_LOGIN_REQUIRED. Wrong ones: INVALID_CREDENTIALS.
     */
    '/sandbox/item/repair': ({ body }) => {
      requireFields(body, ['access_token', 'username', 'password']);
      const item = store.itemFor(body.access_token, { requireLogin: false });
      if (body.username !== 'user_custom')
        resolveSandboxUser({ override_username: body.username, override_password: body.password });
      item.loginRequired = false;
      return { repaired: true };
    },

    '/sandbox/item/fire_webhook': ({ body }) => {
      requireFields(body, ['access_token', 'webhook_code']);
      const item = store.itemFor(body.access_token, { requireLogin: false });
      if (!item.webhook) throw invalidField('the item has no webhook URL');
      if (body.webhook_code !== 'SYNC_UPDATES_AVAILABLE')
        throw invalidField(`webhook_code ${body.webhook_code} is not emulated`);
      notifySyncUpdates(item);
      return { webhook_fired: true };
    },

    '/item/webhook/update': ({ body }) => {
      requireFields(body, ['access_token']);
      const item = store.itemFor(body.access_token, { requireLogin: false });
      item.webhook = body.webhook ?? null;
      return { item: itemView(item) };
    },

    '/webhook_verification_key/get': ({ body }) => {
      requireFields(body, ['key_id']);
      const key = webhooks.verificationKey(body.key_id);
      if (!key) throw invalidField('key_id is not a known webhook verification key');
      return { key };
    },

    '/item/remove': ({ body }) => {
      requireFields(body, ['access_token']);
      store.removeItem(body.access_token);
      return {};
    },
  };
}
