import { addDays } from './calendar.mjs';
import { buildTransaction } from './bank-data-generator.mjs';

/**
 * The ordered list of updates `/transactions/sync` pages through. Positions in this log are what cursors
 * encode, so a cursor replayed later yields the same page. Built from generated data as Plaid would have
 * reported it over time: the history, recent card purchases first pending, then those pending ones posted
 * (some with a tip, so another amount), a hold that disappears, and one re-categorisation.
 */
export function buildTransactionLog({ data, random }) {
  const streamTransactionIds = new Set(data.streams.flatMap((stream) => stream.transaction_ids));
  const cardAccountId = data.accounts.find((account) => account.type === 'credit').account_id;
  const recentFrom = addDays(data.endDate, -3);
  const history = [];
  const later = [];

  for (const transaction of data.transactions) {
    const isRecentPurchase =
      transaction.date >= recentFrom &&
      transaction.account_id === cardAccountId &&
      transaction.amount > 0 &&
      !streamTransactionIds.has(transaction.transaction_id);
    if (!isRecentPurchase) {
      history.push({ type: 'added', transaction });
      continue;
    }
    const withTip = transaction.personal_finance_category.detailed === 'FOOD_AND_DRINK_RESTAURANT';
    const pending = {
      ...transaction,
      transaction_id: random.id(),
      pending: true,
      amount: withTip ? Math.round((transaction.amount / 1.18) * 100) / 100 : transaction.amount,
    };
    history.push({ type: 'added', transaction: pending });
    later.push({
      type: 'removed',
      transaction: { transaction_id: pending.transaction_id, account_id: pending.account_id },
    });
    later.push({
      type: 'added',
      transaction: { ...transaction, pending_transaction_id: pending.transaction_id },
    });
  }

  const hold = buildTransaction({
    transaction_id: random.id(),
    account_id: cardAccountId,
    amount: 150,
    date: addDays(data.endDate, -2),
    name: 'MARRIOTT HOTELS AUTH HOLD',
    merchant_name: 'Marriott',
    category: { legacy: 'Hotels', primary: 'TRAVEL', detailed: 'TRAVEL_LODGING' },
    payment_channel: 'in store',
    pending: true,
  });
  history.push({ type: 'added', transaction: hold });
  later.push({
    type: 'removed',
    transaction: { transaction_id: hold.transaction_id, account_id: hold.account_id },
  });

  const recategorised = data.transactions.find(
    (transaction) =>
      transaction.account_id === cardAccountId &&
      transaction.merchant_name === 'Amazon' &&
      transaction.date >= addDays(data.endDate, -30),
  );
  if (recategorised) {
    later.push({
      type: 'modified',
      transaction: {
        ...recategorised,
        category: ['Electronics'],
        personal_finance_category: {
          primary: 'GENERAL_MERCHANDISE',
          detailed: 'GENERAL_MERCHANDISE_ELECTRONICS',
          confidence_level: 'HIGH',
        },
      },
    });
  }
  return [...history, ...later];
}

/** Cursors are opaque to clients: base64url of the item and a position in its log. */
export function encodeCursor(itemId, position) {
  return Buffer.from(JSON.stringify({ v: 1, item: itemId, at: position })).toString('base64url');
}

/** Returns the log position a cursor points at, or null when it is not a cursor of this item. */
export function decodeCursor(cursor, itemId, logLength) {
  if (cursor === undefined || cursor === null || cursor === '') return 0;
  try {
    const decoded = JSON.parse(Buffer.from(String(cursor), 'base64url').toString('utf8'));
    const valid =
      decoded?.v === 1 &&
      decoded.item === itemId &&
      Number.isInteger(decoded.at) &&
      decoded.at >= 0 &&
      decoded.at <= logLength;
    return valid ? decoded.at : null;
  } catch {
    return null;
  }
}

/** One page of updates from `position`: at most `count` entries, each transaction at its latest state. */
export function readPage(log, position, count) {
  const entries = log.slice(position, position + count);
  return {
    added: entries.filter((entry) => entry.type === 'added').map((entry) => entry.transaction),
    modified: entries.filter((entry) => entry.type === 'modified').map((entry) => entry.transaction),
    removed: entries
      .filter((entry) => entry.type === 'removed')
      .map((entry) => ({
        transaction_id: entry.transaction.transaction_id,
        account_id: entry.transaction.account_id,
      })),
    nextPosition: position + entries.length,
    hasMore: position + entries.length < log.length,
  };
}
