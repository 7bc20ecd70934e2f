import { randomUUID } from 'node:crypto';
import { generateBankData } from './bank-data-generator.mjs';
import { toIsoDate } from './calendar.mjs';
import { invalidAccessToken, invalidPublicToken, itemLoginRequired } from './plaid-errors.mjs';
import { buildCustomData } from './sandbox-users.mjs';
import { createRandom } from './seeded-random.mjs';
import { buildTransactionLog } from './transaction-log.mjs';

const PUBLIC_TOKEN_TTL_MS = 30 * 60_000;

/**
 * Every item the emulator created, its tokens and its data. Items are numbered in creation order and
 * each item's data comes from `${seed}:${number}`, so the same sequence of calls yields the same data.
 * Item ids and tokens are unique per run instead, as Plaid's are: a database that outlived an emulator must
 * never see an old item id handed out again.
 */
export function createItemStore({ seed, clock, maxPurchasesPerDay }) {
  const random = createRandom(`items:${seed}:${randomUUID()}`);
  const items = new Map();
  const publicTokens = new Map();
  const accessTokens = new Map();
  let itemCount = 0;

  /** `customConfig` is a `user_custom` configuration: exactly its accounts and transactions, nothing more. */
  function createItem({ institutionId, webhook, daysRequested, customConfig = null }) {
    itemCount += 1;
    const itemSeed = `${seed}:${itemCount}`;
    const endDate = toIsoDate(clock());
    const data = customConfig
      ? buildCustomData({ config: customConfig, random: createRandom(`custom:${itemSeed}`), endDate })
      : generateBankData({ seed: itemSeed, endDate, maxPurchasesPerDay });
    const log = customConfig
      ? data.transactions.map((transaction) => ({ type: 'added', transaction }))
      : buildTransactionLog({
          data: withinDays(data, daysRequested),
          random: createRandom(`log:${itemSeed}`),
        });
    const item = {
      item_id: random.id(),
      seed: itemSeed,
      institution_id: institutionId,
      webhook: webhook ?? null,
      accounts: data.accounts,
      streams: data.streams,
      log,
      loginRequired: false,
    };
    items.set(item.item_id, item);
    return item;
  }

  function issuePublicToken(item) {
    const token = `public-sandbox-${uuidLike(random)}`;
    publicTokens.set(token, { itemId: item.item_id, expiresAt: clock() + PUBLIC_TOKEN_TTL_MS });
    return token;
  }

  /** A public token works once, within its 30 minutes. */
  function exchangePublicToken(token) {
    const entry = publicTokens.get(token);
    if (!entry)
      throw invalidPublicToken('provided public token is in an invalid format or has already been exchanged');
    publicTokens.delete(token);
    if (clock() > entry.expiresAt)
      throw invalidPublicToken(
        'provided public token is expired. Public tokens expire 30 minutes after creation',
      );
    const accessToken = `access-sandbox-${uuidLike(random)}`;
    accessTokens.set(accessToken, entry.itemId);
    return { accessToken, itemId: entry.itemId };
  }

  /** The item behind an access token; data calls also need a healthy login. */
  function itemFor(accessToken, { requireLogin = true } = {}) {
    const item = items.get(accessTokens.get(accessToken));
    if (!item) throw invalidAccessToken();
    if (requireLogin && item.loginRequired) throw itemLoginRequired();
    return item;
  }

  function removeItem(accessToken) {
    const item = itemFor(accessToken, { requireLogin: false });
    for (const [token, itemId] of accessTokens) if (itemId === item.item_id) accessTokens.delete(token);
    items.delete(item.item_id);
  }

  /** What survives a restart (see `stateFile`): the items with their data and the access tokens to them. */
  function snapshot() {
    return { version: 1, itemCount, items: [...items.values()], accessTokens: [...accessTokens.entries()] };
  }

  /** Puts back a snapshot (new ids come from this run's own random stream, so they never repeat restored ones). */
  function restore(state) {
    if (state?.version !== 1) return;
    itemCount = state.itemCount;
    for (const item of state.items) items.set(item.item_id, item);
    for (const [token, itemId] of state.accessTokens) accessTokens.set(token, itemId);
  }

  return { createItem, issuePublicToken, exchangePublicToken, itemFor, removeItem, items, snapshot, restore };
}

/** Plaid only returns the history asked for in `transactions.days_requested`. */
function withinDays(data, daysRequested) {
  if (!daysRequested) return data;
  const from = toIsoDate(Date.parse(`${data.endDate}T00:00:00Z`) - daysRequested * 86_400_000);
  const streams = data.streams.map((stream) => {
    const kept = stream.dates.map((date, index) => index).filter((index) => stream.dates[index] >= from);
    return {
      ...stream,
      dates: kept.map((index) => stream.dates[index]),
      amounts: kept.map((index) => stream.amounts[index]),
      transaction_ids: kept.map((index) => stream.transaction_ids[index]),
    };
  });
  return {
    ...data,
    transactions: data.transactions.filter((transaction) => transaction.date >= from),
    streams,
  };
}

function uuidLike(random) {
  const hex = () => random.int(0, 15).toString(16);
  const part = (length) => Array.from({ length }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-${part(4)}-${part(12)}`;
}
