import type { UserOwnedTable } from '@paycadence/nest-kit';

/**
 * Every finance table holding a user's rows: what the export reads and the deletion removes,
 * in deletion order. A new table with a user column must be added here: test/account-data.int-spec.ts fails
 * until it is. data_versions goes last, because deleting bills and income bumps it through a trigger.
 */
export const FINANCE_USER_TABLES: readonly UserOwnedTable[] = [
  // Occurrences the user marked paid by hand, also on a household's shared bill: the mark is
  // the user's act, so it goes with them (the bill then shows its status from the bank again).
  { table: 'bill_paid_marks', ownerColumns: { user_id: 'id' } },
  // The moves the user started with billers (due-date planner), also on a household's shared bill.
  { table: 'due_date_moves', ownerColumns: { user_id: 'id' } },
  { table: 'bills', ownerColumns: { user_id: 'id' } },
  { table: 'income_sources', ownerColumns: { user_id: 'id' } },
  { table: 'savings_goals', ownerColumns: { user_id: 'id' } },
  { table: 'suggestions', ownerColumns: { user_id: 'id' } },
  // Only the token's hash is stored; it is no use to anyone, the more so in a file that may be shared.
  { table: 'calendar_feeds', ownerColumns: { user_id: 'id' }, secretColumns: ['token_hash'] },
  { table: 'bank_summaries', ownerColumns: { user_id: 'id' } },
  // The recent payments out that bank-sync last pushed, for matching bills paid from the bank.
  { table: 'bank_payments', ownerColumns: { user_id: 'id' } },
  // The low-balance warning's threshold.
  { table: 'forecast_settings', ownerColumns: { user_id: 'id' } },
  // Reminder e-mails: the user's settings and which reminders were sent (without the hash of
  // each e-mail's unsubscribe token).
  { table: 'reminder_settings', ownerColumns: { user_id: 'id' } },
  { table: 'reminder_deliveries', ownerColumns: { user_id: 'id' }, secretColumns: ['unsubscribe_token_hash'] },
  // Devices that get reminders: their names and dates; the endpoint and keys are a capability to notify the
  // device, not the user's data, so the export leaves them out.
  { table: 'push_subscriptions', ownerColumns: { user_id: 'id' }, secretColumns: ['endpoint', 'p256dh', 'auth'] },
  // The dashboard cache's version counter: derived, not the user's data.
  { table: 'data_versions', ownerColumns: { user_id: 'id' }, exported: false },
];
