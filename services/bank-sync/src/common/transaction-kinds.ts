/**
 * How the transaction list, the category summary and the analytics read a transaction (docs/product/signed-in.md §3):
 * Plaid's sign (positive money out, negative money in), transfers between the user's own accounts left out
 * of income and expenses, a bill being an outflow that matches a detected recurring outflow stream.
 *
 * Transfers are told by category. Plaid's personal finance categories are exact (TRANSFER_IN, TRANSFER_OUT,
 * LOAN_PAYMENTS_CREDIT_CARD_PAYMENT); of the legacy ones only the specific sub-categories count, because a bare
 * legacy 'Transfer' is also what Plaid's sandbox gives every custom transaction.
 */
export const TRANSFER_CATEGORIES = [
  'transfer_in',
  'transfer_out',
  'loan_payments_credit_card_payment',
  'internal account transfer',
  'credit card',
] as const;
/** Personal finance category detail codes start with their primary: TRANSFER_IN_ACCOUNT_TRANSFER. */
const TRANSFER_PREFIXES = ['transfer_in_', 'transfer_out_'] as const;

/**
 * The one transfer rule: detection leaves these rows out (detection/core/detect-recurring.ts); analytics and
 * the transaction list use its SQL form, SQL_IS_TRANSFER (test/routes-transfer-rule.int-spec.ts keeps the two alike).
 */
export function isTransferCategory(categories: readonly string[]): boolean {
  return categories.some((raw) => {
    const category = raw.toLowerCase();
    return (TRANSFER_CATEGORIES as readonly string[]).includes(category) || TRANSFER_PREFIXES.some((prefix) => category.startsWith(prefix));
  });
}

/**
 * The same rule in SQL over `t.category` (a text[]); used in WHERE clauses so filters and counts agree with
 * isTransferCategory. Constant text only: no user input is spliced in.
 */
export const SQL_IS_TRANSFER = `EXISTS (
  SELECT 1 FROM unnest(t.category) AS c(value)
  WHERE lower(c.value) IN (${TRANSFER_CATEGORIES.map((c) => `'${c}'`).join(', ')})
     OR lower(c.value) LIKE 'transfer\\_in\\_%' OR lower(c.value) LIKE 'transfer\\_out\\_%')`;

/**
 * The recurring outflow stream a transaction belongs to (same account and normalised merchant); joined as
 * `s`. One stream at most per (user, account, direction, merchant_key): the table's unique key.
 */
export const SQL_JOIN_BILL_STREAM = `LEFT JOIN recurring_streams s
  ON s.user_id = t.user_id AND s.account_id = t.account_id AND s.merchant_key = t.merchant_key AND s.direction = 'outflow'`;

/** Income: money in that is not a transfer. */
export const SQL_IS_INCOME = `(t.amount < 0 AND NOT ${SQL_IS_TRANSFER})`;
/** A bill: money out matching a detected recurring outflow stream. */
export const SQL_IS_BILL = `(t.amount > 0 AND s.id IS NOT NULL)`;
/** Any other spending: money out, not a bill, not a transfer. */
export const SQL_IS_EXPENSE = `(t.amount > 0 AND s.id IS NULL AND NOT ${SQL_IS_TRANSFER})`;
