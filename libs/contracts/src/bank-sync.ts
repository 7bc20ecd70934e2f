import { z } from 'zod';
import { safeString } from './text.js';
import { BillSuggestionSchema, IncomeSuggestionSchema } from './finance.js';
import { TransportFailureSchema } from './transport.js';

// Bank sync (docs/product/signed-in.md §2 Connected Accounts, §3 bank account / transaction / analytics, §4 bank
// connection, transaction import, sync freshness, §7 bank calls and data generator, §8 bank messages).
// Money on these routes is in dollars as the product's screens read it (`current_balance`, `amount`); the
// service stores NUMERIC and converts once. Detection and analytics shapes are in bank-analytics.ts.

/** docs/product/signed-in.md §8, verbatim. */
export const BANK_SYNC_MESSAGES = {
  loadAccountsFailed: 'Failed to load bank accounts',
  credentialsMissing: 'Bank integration setup required. Please configure Plaid credentials.',
  initializeFailed: 'Failed to initialize bank connection',
  connectFailed: 'Failed to connect bank account. Please try again.',
  connectionCancelled: 'Bank connection was cancelled or failed',
  syncBalancesFailed: 'Failed to sync account balances',
  importFailed: 'Failed to import transactions',
  cleanupFailed: 'Failed to cleanup duplicate accounts',
  disconnectFailed: 'Failed to disconnect bank account',
  loadTransactionsFailed: 'Failed to load transactions',
  startImportFailed: 'Failed to start transaction import',
  categorizeFailed: 'Failed to categorize transactions',
  matchFailed: 'Failed to match transactions with bills',
  loadAnalyticsFailed: 'Failed to load analytics',
  loadFinancialAnalyticsFailed: 'Failed to load financial analytics',
  disconnectConfirm: 'Are you sure you want to disconnect this bank account?',
  noAnalyticsData: 'No financial data available for analysis',
  noRecurringBills: 'No recurring bills detected yet...',
  noRegularIncome: 'No regular income detected yet.',
  noExpenseCategories: 'No expense categories available yet.',
  // Server answers (ours; docs/product shows none).
  itemNotFound: 'Bank connection not found',
  notYourAccount: 'You can only access your own bank data',
  loginRequired: 'Your bank needs you to sign in again before we can sync it.',
  sandboxOnly: 'The sandbox sign-in is only available without real Plaid keys',
  invalidSandboxCredentials: 'The username or password is incorrect. Try user_good / pass_good.',
  publicTokenInvalid: 'This bank connection could not be completed. Please try again.',
  plaidUnavailable: 'The bank data provider is not answering right now. Please try again in a few minutes.',
  syncQueued: 'Bank sync started. New transactions will appear in a moment.',
  webhookRejected: 'Webhook verification failed',
  suggestionsUnavailable: 'Suggestions are not available right now. Please try again in a moment.',
  noBankLinked: 'No bank account is connected yet. Connect one first.',
  generatorSandboxOnly: 'The data generator only works with the Plaid sandbox, not with real bank data.',
  generatorKindInvalid: 'kind must be bills, income, expenses or recurring',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Display rules (one place for the remote and any e-mail or export that names an account)

/** docs/product/signed-in.md §3, account type display names. */
export function accountTypeDisplayName(type: string | null | undefined, subtype: string | null | undefined): string {
  const sub = (subtype ?? '').toLowerCase();
  switch ((type ?? '').toLowerCase()) {
    case 'depository':
      return ({ checking: 'Checking Account', savings: 'Savings Account', 'money market': 'Money Market', cd: 'Certificate of Deposit' } as Record<string, string>)[sub] ?? 'Bank Account';
    case 'credit':
      return sub === 'credit card' ? 'Credit Card' : 'Credit Account';
    case 'loan':
      return ({ mortgage: 'Mortgage', auto: 'Auto Loan', student: 'Student Loan' } as Record<string, string>)[sub] ?? 'Loan';
    case 'investment':
      return 'Investment Account';
    default:
      return 'Account';
  }
}

export type FreshnessColour = 'green' | 'yellow' | 'red';

/** docs/product/signed-in.md §4: under 1 hour green, under 24 hours yellow, else red; 'Just now', minutes, hours, days ago, 'Never'. */
export function syncFreshness(lastSyncedAt: string | null | undefined, nowMs: number): { colour: FreshnessColour; text: string } {
  const at = lastSyncedAt ? Date.parse(lastSyncedAt) : Number.NaN;
  if (Number.isNaN(at)) return { colour: 'red', text: 'Never' };
  const minutes = Math.max(0, Math.floor((nowMs - at) / 60_000));
  const colour: FreshnessColour = minutes < 60 ? 'green' : minutes < 24 * 60 ? 'yellow' : 'red';
  if (minutes < 1) return { colour, text: 'Just now' };
  if (minutes < 60) return { colour, text: `${minutes} minute${minutes === 1 ? '' : 's'} ago` };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { colour, text: `${hours} hour${hours === 1 ? '' : 's'} ago` };
  const days = Math.floor(hours / 24);
  return { colour, text: `${days} day${days === 1 ? '' : 's'} ago` };
}

/** docs/product/signed-in.md §4 and §9: after an import starts, reload after 2 s, then every 3 s, at most 10 times. */
export const IMPORT_POLLING = { firstDelayMs: 2000, intervalMs: 3000, attempts: 10 } as const;
/** docs/product/signed-in.md §4: the transaction window grows 7 → 30 → 60 → all; 'Show less' returns to 7. */
export const TRANSACTION_WINDOWS_DAYS = [7, 30, 60, null] as const;
/** docs/product/accounts.md §1 'typically the last 24 months': Plaid's transactions.days_requested at link. */
export const LINK_DAYS_REQUESTED = 730;
/** Scheduled import of every item. */
export const SCHEDULED_SYNC_EVERY_MS = 6 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------
// Wire shapes

const userIdField = safeString({ error: 'user_id is required' }).trim().min(1, 'user_id is required').max(128, 'user_id is too long');
const isoInstant = z.string();

export const ITEM_STATUSES = ['active', 'login_required'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const SYNC_STATES = ['idle', 'queued', 'running', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
export const ITEM_SOURCES = ['plaid', 'file'] as const;
export type ItemSource = (typeof ITEM_SOURCES)[number];

/** POST /create-link-token: `item_id` asks for update mode (repair an item that needs a new sign-in). */
export const CreateLinkTokenRequestSchema = z
  .object({ user_id: userIdField, item_id: z.string().uuid('item_id must be a bank connection id').optional() })
  .strict();
export type CreateLinkTokenRequest = z.infer<typeof CreateLinkTokenRequestSchema>;
/**
 * `sandbox` true: no real Plaid keys, so the screen shows the built-in sandbox sign-in dialog (Plaid Link's
 * script only loads from Plaid) and completes it through POST /sandbox/public-token.
 */
export const CreateLinkTokenResponseSchema = z.object({ link_token: z.string(), expiration: isoInstant, sandbox: z.boolean() });
export type CreateLinkTokenResponse = z.infer<typeof CreateLinkTokenResponseSchema>;

/** The institutions the sandbox dialog offers (Plaid's own sandbox institution ids). */
export const SANDBOX_INSTITUTIONS = [
  { institution_id: 'ins_109508', name: 'First Platypus Bank' },
  { institution_id: 'ins_109509', name: 'First Gingham Credit Union' },
  { institution_id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
  { institution_id: 'ins_109511', name: 'Tartan Bank' },
  { institution_id: 'ins_109512', name: 'Houndstooth Bank' },
] as const;

/**
 * POST /sandbox/public-token (ours, sandbox only): what Plaid Link's sandbox asks. `user_good` / `pass_good`
 * succeed; `user_custom` takes a JSON configuration (`override_accounts`) as the password. With `item_id`
 * it repairs that item (update mode) instead of linking a new one.
 */
export const SandboxPublicTokenRequestSchema = z
  .object({
    user_id: userIdField,
    institution_id: safeString().trim().min(1, 'Choose a bank').max(64),
    username: safeString().trim().min(1, 'Username is required').max(100, 'Username is too long'),
    password: z.string().min(1, 'Password is required').max(100_000, 'Password is too long'),
    item_id: z.string().uuid('item_id must be a bank connection id').optional(),
  })
  .strict();
export type SandboxPublicTokenRequest = z.infer<typeof SandboxPublicTokenRequestSchema>;
/** `public_token` is absent after a repair (update mode needs no exchange). */
export const SandboxPublicTokenResponseSchema = z.object({ success: z.boolean(), public_token: z.string().optional(), repaired: z.boolean().optional() });
export type SandboxPublicTokenResponse = z.infer<typeof SandboxPublicTokenResponseSchema>;

/** POST /exchange-token (docs/product/signed-in.md §7). */
export const ExchangeTokenRequestSchema = z
  .object({
    public_token: safeString().trim().min(1, 'public_token is required').max(300, 'public_token is too long'),
    user_id: userIdField,
    institution_id: safeString().trim().max(64).nullish(),
    institution_name: safeString().trim().max(200).nullish(),
  })
  .strict();
export type ExchangeTokenRequest = z.infer<typeof ExchangeTokenRequestSchema>;
export const ExchangeTokenResponseSchema = z.object({ success: z.boolean(), item_id: z.string(), message: z.string().optional() });
export type ExchangeTokenResponse = z.infer<typeof ExchangeTokenResponseSchema>;

/** One linked bank (a Plaid item) as the screen shows it: never its access token or Plaid ids beyond its own. */
export const BankItemSchema = z.object({
  id: z.string(),
  institution_id: z.string().nullable(),
  institution_name: z.string(),
  status: z.enum(ITEM_STATUSES),
  sync_state: z.enum(SYNC_STATES),
  last_synced_at: isoInstant.nullable(),
  last_error: z.string().nullable(),
  transaction_count: z.number().int(),
  /** 'file': an account fed by statement files (statements.ts), never synced; `last_synced_at` is its last import. */
  source: z.enum(ITEM_SOURCES),
});
export type BankItemDto = z.infer<typeof BankItemSchema>;

/** docs/product/signed-in.md §3 bank account; `plaid_item_id` is our item id (the connection identifier the screen groups by). */
export const BankAccountSchema = z.object({
  id: z.string(),
  account_name: z.string(),
  account_type: z.string(),
  account_subtype: z.string().nullable(),
  mask: z.string().nullable(),
  current_balance: z.number().nullable(),
  available_balance: z.number().nullable(),
  currency_code: z.string(),
  last_updated: isoInstant.nullable(),
  plaid_item_id: z.string(),
  institution_name: z.string(),
});
export type BankAccountDto = z.infer<typeof BankAccountSchema>;

/** GET /accounts/{userId}: the accounts, plus each item's status and sync state (progress, repair). */
export const AccountsResponseSchema = z.object({ success: z.boolean(), accounts: z.array(BankAccountSchema), items: z.array(BankItemSchema) });
export type AccountsResponse = z.infer<typeof AccountsResponseSchema>;

export const TRANSACTION_TYPES = ['income', 'bills', 'expenses'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTIONS_MAX_LIMIT = 500;

/** GET /transactions/{userId}?limit&offset[&type][&days]: spec §9 default limit 100, offset 0. */
export const TransactionsQuerySchema = z
  .object({
    limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(TRANSACTIONS_MAX_LIMIT, `limit must be at most ${TRANSACTIONS_MAX_LIMIT}`).default(100),
    offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').max(10_000_000).default(0),
    type: z.enum(TRANSACTION_TYPES, { error: 'type must be income, bills or expenses' }).optional(),
    /** Only the last N days (the 7 / 30 / 60 window); absent means all. */
    days: z.coerce.number({ error: 'days must be a number' }).int().min(1, 'days must be at least 1').max(3660).optional(),
  })
  .strict();
export type TransactionsQuery = z.output<typeof TransactionsQuerySchema>;

/** docs/product/signed-in.md §3 transaction: negative amount is income, positive an expense (Plaid's own sign). */
export const TransactionSchema = z.object({
  id: z.string(),
  amount: z.number(),
  transaction_date: z.string(),
  merchant_name: z.string().nullable(),
  description: z.string(),
  category: z.array(z.string()),
  pending: z.boolean(),
  bank_accounts: z.object({ account_name: z.string() }),
  bills: z.object({ name: z.string() }).nullable(),
  is_income: z.boolean(),
  is_bill: z.boolean(),
});
export type TransactionDto = z.infer<typeof TransactionSchema>;
export const TransactionsResponseSchema = z.object({ success: z.boolean(), transactions: z.array(TransactionSchema), total: z.number().int() });
export type TransactionsResponse = z.infer<typeof TransactionsResponseSchema>;

/** POST /sync/{userId}, POST /import-transactions/{userId}: the import is queued; the screen polls (§4). */
export const SyncStartedResponseSchema = z.object({ success: z.boolean(), message: z.string(), queued: z.number().int() });
export type SyncStartedResponse = z.infer<typeof SyncStartedResponseSchema>;

/** DELETE /disconnect/{plaidItemId} body {userId}. */
export const DisconnectRequestSchema = z.object({ userId: userIdField }).strict();
export const DisconnectResponseSchema = z.object({ success: z.boolean(), error: z.string().optional() });
export type DisconnectResponse = z.infer<typeof DisconnectResponseSchema>;

/** POST /cleanup-duplicates/{userId}. */
export const CleanupDuplicatesResponseSchema = z.object({ success: z.boolean(), duplicatesRemoved: z.number().int(), error: z.string().optional() });
export type CleanupDuplicatesResponse = z.infer<typeof CleanupDuplicatesResponseSchema>;

/** GET /suggestions/{userId}: what detection found and the user has not accepted or dismissed yet. */
export const BankSuggestionsResponseSchema = z.object({
  success: z.boolean(),
  suggestions: z.object({ bills: z.array(BillSuggestionSchema), income: z.array(IncomeSuggestionSchema) }),
});
export type BankSuggestionsResponse = z.infer<typeof BankSuggestionsResponseSchema>;

/** docs/product/signed-in.md §7 data generator: POST /api/plaid-data/generate/{userId}[/{kind}]. */
export const GENERATOR_KINDS = ['bills', 'income', 'expenses', 'recurring'] as const;
export type GeneratorKind = (typeof GENERATOR_KINDS)[number];
export const GenerateResponseSchema = z.object({ success: z.boolean(), message: z.string(), added: z.number().int() });
export type GenerateResponse = z.infer<typeof GenerateResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Redis transport: what other services ask bank-sync

export const BANK_SYNC_PATTERNS = {
  /** Request/reply from finance's POST /sync-bank-data: queue a full sync of the user's items; answers FullSyncReply. */
  fullSync: 'bank-sync.full-sync',
} as const;
export const UserMessageSchema = z.object({ userId: z.string().uuid() }).strict();
export type UserMessage = z.infer<typeof UserMessageSchema>;
/**
 * bank-sync's answer to a full sync: `ok` false with its words when nothing could start (every linked bank
 * waits for a new sign-in). A malformed message is refused with a TransportFailure (transport.ts) instead.
 */
export const FullSyncAnswerSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  itemCount: z.number().int(),
  lastSyncedAt: isoInstant.nullable(),
});
export type FullSyncAnswer = z.infer<typeof FullSyncAnswerSchema>;
export const FullSyncReplySchema = z.union([FullSyncAnswerSchema, TransportFailureSchema]);
export type FullSyncReply = z.infer<typeof FullSyncReplySchema>;
/** What a full-sync answer reports besides its message: the linked-item count and the last completed sync. */
export const SyncStatusReplySchema = FullSyncAnswerSchema.pick({ itemCount: true, lastSyncedAt: true });
export type SyncStatusReply = z.infer<typeof SyncStatusReplySchema>;
