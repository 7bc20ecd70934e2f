import { BANK_SYNC_MESSAGES, FINANCE_MESSAGES } from '@paycadence/contracts';

/** docs/product/signed-in.md §9 timers the screen keeps. */
export const TIMERS = {
  /** §4/§9: a sync status message clears after 5 seconds. */
  messageMs: 5_000,
  /** §4/§9: an accept confirmation clears after 3 seconds. */
  acceptMessageMs: 3_000,
  /** §7/§9: after a successful generation the data reloads 2 seconds later. */
  generatorReloadMs: 2_000,
  /** §9: the transaction list refreshes itself every 30 seconds. */
  transactionsRefreshMs: 30_000,
  /** Relative sync times ('5 minutes ago') re-render this often. */
  clockTickMs: 30_000,
} as const;

/** §9: the transaction list fetches 200 per load. */
export const TRANSACTIONS_PAGE_SIZE = 200;
/** §9: analytics shows the top 5 bills. */
export const TOP_BILLS = 5;

/** Every text the screen shows: the product's verbatim (§8) plus our own for states docs/product leaves open. */
export const TEXT = {
  ...BANK_SYNC_MESSAGES,
  acceptFailed: FINANCE_MESSAGES.acceptSuggestionFailed,
  loadSuggestionsFailed: FINANCE_MESSAGES.loadSuggestionsFailed,
  noSuggestions: 'No suggestions available',
  noAccounts: 'No bank accounts connected yet',
  noAccountsHint: 'Connect a bank to see balances and import transactions. Bills and paychecks are found for you.',
  connected: 'Bank account connected. Importing your transactions...',
  reconnected: 'Bank reconnected. Syncing again...',
  reconnectPending: 'You signed in at your bank again. The sync starts as soon as your bank confirms it.',
  dismissFailed: 'Failed to dismiss suggestion',
  noDuplicates: 'No duplicate accounts found',
  noAccountsFileHint: 'No online banking link? Import a statement file downloaded from your bank instead.',
  removeFileAccountConfirm: 'Remove this account and every transaction imported into it from statement files?',
  removeFileAccountFailed: 'Failed to remove the account',
  undoImportFailed: 'Failed to undo the import',
  loadImportsFailed: 'Failed to load your statement imports',
} as const;

export const duplicatesRemovedText = (count: number) =>
  count === 0 ? TEXT.noDuplicates : `Removed ${count} duplicate account${count === 1 ? '' : 's'}`;

/** docs/product/signed-in.md §8: generator failures read 'Error: {server error or message}'. */
export const generatorErrorText = (message: string) => `Error: ${message}`;
