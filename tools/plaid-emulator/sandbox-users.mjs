import { buildTransaction } from './bank-data-generator.mjs';
import { invalidField, PlaidError } from './plaid-errors.mjs';

const CUSTOM_CATEGORY = { legacy: 'Transfer', primary: 'OTHER', detailed: 'OTHER_OTHER' };

const invalidCredentials = () =>
  new PlaidError(
    400,
    'ITEM_ERROR',
    'INVALID_CREDENTIALS',
    'the provided credentials were not correct',
    'The provided credentials were not correct. Please try again.',
  );

/**
 * Plaid's sandbox users: `user_good` / `pass_good` (generated data), and `user_custom` whose password is a
 * JSON configuration (`override_accounts`) describing exactly the accounts and transactions to create.
 * Returns null for generated data, or the custom configuration.
 */
export function resolveSandboxUser(options = {}) {
  const username = options.override_username;
  if (username === undefined || username === null) return null;
  if (username === 'user_custom') return parseCustomConfig(options.override_password);
  if (username !== 'user_good' || (options.override_password ?? 'pass_good') !== 'pass_good') {
    throw invalidCredentials();
  }
  return null;
}

function parseCustomConfig(password) {
  let config;
  try {
    config = typeof password === 'string' ? JSON.parse(password) : password;
  } catch {
    throw invalidField('override_password for user_custom must be a JSON configuration');
  }
  if (!Array.isArray(config?.override_accounts) || config.override_accounts.length === 0) {
    throw invalidField('the user_custom configuration needs a non-empty override_accounts');
  }
  return config;
}

/** Exactly the accounts and transactions a `user_custom` configuration asks for; no recurring truth. */
export function buildCustomData({ config, random, endDate }) {
  const accounts = [];
  const transactions = [];
  for (const [index, entry] of config.override_accounts.entries()) {
    const balance = Number(entry.starting_balance ?? 0);
    const account = {
      account_id: random.id(),
      balances: {
        available: balance,
        current: balance,
        limit: null,
        iso_currency_code: entry.currency ?? 'USD',
        unofficial_currency_code: null,
      },
      mask: String(1000 + index).slice(-4),
      name: entry.meta?.name ?? `Custom ${entry.subtype ?? entry.type ?? 'account'}`,
      official_name: entry.meta?.official_name ?? null,
      type: entry.type ?? 'depository',
      subtype: entry.subtype ?? 'checking',
      persistent_account_id: random.id(64),
    };
    accounts.push(account);
    for (const input of entry.transactions ?? []) {
      const transaction = buildTransaction({
        transaction_id: random.id(),
        account_id: account.account_id,
        amount: Number(input.amount),
        date: input.date_posted,
        name: input.description,
        merchant_name: null,
        category: CUSTOM_CATEGORY,
      });
      transaction.authorized_date = input.date_transacted ?? input.date_posted;
      transaction.iso_currency_code = input.currency ?? 'USD';
      transactions.push(transaction);
    }
  }
  transactions.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
  return { accounts, transactions, streams: [], endDate };
}
