import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Configuration, PlaidApi, Products, CountryCode } from 'plaid';
import { EMULATOR_CLIENT_ID, EMULATOR_SECRET, startPlaidEmulator } from './plaid-emulator.mjs';

const TODAY = Date.parse('2026-11-23T12:00:00Z');

function clientFor(url, { clientId = EMULATOR_CLIENT_ID, secret = EMULATOR_SECRET } = {}) {
  return new PlaidApi(
    new Configuration({
      basePath: url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': clientId, 'PLAID-SECRET': secret } },
    }),
  );
}

/** Runs a Plaid call expected to fail and returns Plaid's error object with the HTTP status. */
async function plaidError(call) {
  try {
    await call();
  } catch (error) {
    return { status: error.response?.status, ...error.response?.data };
  }
  throw new Error('expected the Plaid call to fail');
}

async function linkItem(plaid) {
  const { data: created } = await plaid.sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
  });
  const { data: exchanged } = await plaid.itemPublicTokenExchange({ public_token: created.public_token });
  return { ...exchanged, publicToken: created.public_token };
}

async function syncAll(plaid, accessToken, count) {
  const pages = [];
  let cursor = '';
  let hasMore = true;
  while (hasMore) {
    const { data } = await plaid.transactionsSync({ access_token: accessToken, cursor, count });
    pages.push({ cursor, data });
    cursor = data.next_cursor;
    hasMore = data.has_more;
  }
  return pages;
}

describe('plaid emulator through the real plaid client', () => {
  let emulator;
  let now = TODAY;
  let plaid;

  beforeAll(async () => {
    emulator = await startPlaidEmulator({ seed: 'spec', clock: () => now, log: () => {} });
    plaid = clientFor(emulator.url);
  });
  afterAll(() => emulator?.close());

  it('creates a link token', async () => {
    const { data } = await plaid.linkTokenCreate({
      user: { client_user_id: 'user-1' },
      client_name: 'Payday',
      products: [Products.Transactions],
      country_codes: [CountryCode.Us],
      language: 'en',
    });
    expect(data.link_token).toMatch(/^link-sandbox-/);
    expect(Date.parse(data.expiration)).toBeGreaterThan(TODAY);
    expect(data.request_id).toMatch(/^[0-9a-f]{15}$/);
  });

  it('links an item and lists its accounts and balances', async () => {
    const { access_token, item_id } = await linkItem(plaid);
    expect(access_token).toMatch(/^access-sandbox-/);
    const { data } = await plaid.accountsGet({ access_token });
    expect(data.item.item_id).toBe(item_id);
    expect(data.accounts.map((account) => account.subtype)).toEqual(['checking', 'savings', 'credit card']);
    const { data: balances } = await plaid.accountsBalanceGet({
      access_token,
      options: { account_ids: [data.accounts[0].account_id] },
    });
    expect(balances.accounts).toHaveLength(1);
    expect(typeof balances.accounts[0].balances.current).toBe('number');
  });

  it('pages a full sync until has_more is false, and a replayed cursor gives the same page', async () => {
    const { access_token } = await linkItem(plaid);
    const pages = await syncAll(plaid, access_token, 500);
    expect(pages.length).toBeGreaterThan(1);
    expect(
      pages
        .slice(0, -1)
        .every(
          (page) => page.data.added.length + page.data.modified.length + page.data.removed.length === 500,
        ),
    ).toBe(true);

    const rows = new Map();
    for (const { data } of pages) {
      for (const transaction of [...data.added, ...data.modified])
        rows.set(transaction.transaction_id, transaction);
      for (const { transaction_id } of data.removed) rows.delete(transaction_id);
    }
    const dates = [...rows.values()].map((transaction) => transaction.date).sort();
    expect(dates[0] <= '2024-12-01').toBe(true); // about 24 months of history
    const posted = [...rows.values()].filter((transaction) => transaction.pending_transaction_id);
    expect(posted.length).toBeGreaterThan(0);
    expect([...rows.values()].some((transaction) => transaction.pending)).toBe(false);

    const replayed = await plaid.transactionsSync({ access_token, cursor: pages[1].cursor, count: 500 });
    expect(replayed.data.added).toEqual(pages[1].data.added);
    expect(replayed.data.next_cursor).toBe(pages[1].data.next_cursor);

    const { data: upToDate } = await plaid.transactionsSync({
      access_token,
      cursor: pages.at(-1).data.next_cursor,
    });
    expect(upToDate).toMatchObject({
      added: [],
      modified: [],
      removed: [],
      has_more: false,
      transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
    });
  });

  it('gives the same data for the same seed', async () => {
    const other = await startPlaidEmulator({ seed: 'spec', clock: () => TODAY, log: () => {} });
    try {
      const first = await linkItem(clientFor(other.url));
      const again = await startPlaidEmulator({ seed: 'spec', clock: () => TODAY, log: () => {} });
      try {
        const second = await linkItem(clientFor(again.url));
        const left = (
          await clientFor(other.url).transactionsSync({ access_token: first.access_token, count: 50 })
        ).data.added;
        const right = (
          await clientFor(again.url).transactionsSync({ access_token: second.access_token, count: 50 })
        ).data.added;
        expect(right).toEqual(left);
      } finally {
        await again.close();
      }
    } finally {
      await other.close();
    }
  });

  it('refuses count outside 1..500 and a foreign cursor', async () => {
    const { access_token } = await linkItem(plaid);
    expect(await plaidError(() => plaid.transactionsSync({ access_token, count: 501 }))).toMatchObject({
      status: 400,
      error_code: 'INVALID_FIELD',
    });
    expect(await plaidError(() => plaid.transactionsSync({ access_token, cursor: 'bm9wZQ' }))).toMatchObject({
      status: 400,
      error_type: 'INVALID_REQUEST',
    });
  });

  it('answers INVALID_API_KEYS for wrong keys, in headers or in the body', async () => {
    const wrong = clientFor(emulator.url, { secret: 'nope' });
    const error = await plaidError(() =>
      wrong.sandboxPublicTokenCreate({ institution_id: 'ins_1', initial_products: [Products.Transactions] }),
    );
    expect(error).toMatchObject({ status: 400, error_type: 'INVALID_INPUT', error_code: 'INVALID_API_KEYS' });
    expect(error.request_id).toMatch(/^[0-9a-f]{15}$/);
    expect(error).toHaveProperty('display_message');

    const bodyKeys = await plaidError(() =>
      clientFor(emulator.url, { clientId: '', secret: '' }).sandboxPublicTokenCreate({
        client_id: EMULATOR_CLIENT_ID,
        secret: 'wrong',
        institution_id: 'ins_1',
        initial_products: [Products.Transactions],
      }),
    );
    expect(bodyKeys.error_code).toBe('INVALID_API_KEYS');
  });

  it('accepts a public token once, and not after 30 minutes', async () => {
    const { publicToken } = await linkItem(plaid);
    expect(
      await plaidError(() => plaid.itemPublicTokenExchange({ public_token: publicToken })),
    ).toMatchObject({ status: 400, error_code: 'INVALID_PUBLIC_TOKEN' });

    const { data } = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
    });
    now += 31 * 60_000;
    try {
      expect(
        await plaidError(() => plaid.itemPublicTokenExchange({ public_token: data.public_token })),
      ).toMatchObject({ error_code: 'INVALID_PUBLIC_TOKEN' });
    } finally {
      now = TODAY;
    }
  });

  it('kills the access token of a removed item', async () => {
    const { access_token } = await linkItem(plaid);
    await plaid.itemRemove({ access_token });
    expect(await plaidError(() => plaid.accountsGet({ access_token }))).toMatchObject({
      status: 400,
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_ACCESS_TOKEN',
    });
    expect(await plaidError(() => plaid.transactionsSync({ access_token }))).toMatchObject({
      error_code: 'INVALID_ACCESS_TOKEN',
    });
  });

  it('answers ITEM_LOGIN_REQUIRED after reset_login', async () => {
    const { access_token } = await linkItem(plaid);
    const { data } = await plaid.sandboxItemResetLogin({ access_token });
    expect(data.reset_login).toBe(true);
    const error = await plaidError(() => plaid.transactionsSync({ access_token }));
    expect(error).toMatchObject({ status: 400, error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
  });

  it('repairs an item after reset_login through the emulator-only /sandbox/item/repair (wrong credentials refused)', async () => {
    const { access_token } = await linkItem(plaid);
    await plaid.sandboxItemResetLogin({ access_token });
    const repair = (username, password) =>
      fetch(`${emulator.url}/sandbox/item/repair`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'PLAID-CLIENT-ID': EMULATOR_CLIENT_ID,
          'PLAID-SECRET': EMULATOR_SECRET,
        },
        body: JSON.stringify({ access_token, username, password }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await repair('user_good', 'wrong')).toMatchObject({
      status: 400,
      body: { error_code: 'INVALID_CREDENTIALS' },
    });
    expect((await plaidError(() => plaid.transactionsSync({ access_token }))).error_code).toBe(
      'ITEM_LOGIN_REQUIRED',
    );
    expect(await repair('user_good', 'pass_good')).toMatchObject({ status: 200, body: { repaired: true } });
    const { data } = await plaid.transactionsSync({ access_token, count: 1 });
    expect(data.added).toHaveLength(1);
  });

  it('adds sandbox transactions that the next sync returns', async () => {
    const { access_token } = await linkItem(plaid);
    const pages = await syncAll(plaid, access_token, 500);
    await plaid.sandboxTransactionsCreate({
      access_token,
      transactions: [
        {
          date_transacted: '2026-11-20',
          date_posted: '2026-11-21',
          amount: 42.5,
          description: 'GYM MEMBERSHIP',
          iso_currency_code: 'USD',
        },
      ],
    });
    const { data } = await plaid.transactionsSync({ access_token, cursor: pages.at(-1).data.next_cursor });
    expect(data.added).toHaveLength(1);
    expect(data.added[0]).toMatchObject({ name: 'GYM MEMBERSHIP', amount: 42.5, date: '2026-11-21' });
  });

  it('serves the true recurring streams', async () => {
    const { access_token, item_id } = await linkItem(plaid);
    const { data } = await plaid.transactionsRecurringGet({ access_token });
    expect(data.inflow_streams.length).toBeGreaterThan(0);
    const frequencies = data.outflow_streams.map((stream) => stream.frequency);
    expect(frequencies).toEqual(expect.arrayContaining(['MONTHLY', 'QUARTERLY', 'ANNUALLY']));
    expect(emulator.store.items.get(item_id).streams).toHaveLength(
      data.inflow_streams.length + data.outflow_streams.length,
    );
  });

  it('test hooks: 429 then success, and a mutation during pagination', async () => {
    const { access_token } = await linkItem(plaid);
    emulator.hooks.failNext(2, 'RATE_LIMIT_EXCEEDED');
    expect(await plaidError(() => plaid.accountsGet({ access_token }))).toMatchObject({
      status: 429,
      error_code: 'RATE_LIMIT_EXCEEDED',
    });
    expect(await plaidError(() => plaid.accountsGet({ access_token }))).toMatchObject({ status: 429 });
    expect((await plaid.accountsGet({ access_token })).status).toBe(200);

    const { data: first } = await plaid.transactionsSync({ access_token, count: 100 });
    emulator.hooks.mutateDuringNextPagination();
    expect(
      await plaidError(() => plaid.transactionsSync({ access_token, cursor: first.next_cursor, count: 100 })),
    ).toMatchObject({
      error_code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
    });
    const restarted = await syncAll(plaid, access_token, 500);
    expect(
      restarted
        .flatMap((page) => page.data.modified)
        .some((transaction) => transaction.name.includes('(corrected')),
    ).toBe(true);
  });
});

describe('plaid emulator sandbox behaviour', () => {
  let emulator;
  let plaid;
  beforeAll(async () => {
    emulator = await startPlaidEmulator({ seed: 'sandbox', clock: () => TODAY, log: () => {} });
    plaid = clientFor(emulator.url);
  });
  afterAll(() => emulator?.close());

  it('reports pending transactions that post later: pending id removed, posted one added with pending_transaction_id', async () => {
    const { access_token } = await linkItem(plaid);
    const pages = await syncAll(plaid, access_token, 7);
    const added = pages.flatMap((page) => page.data.added);
    const removedIds = new Set(
      pages.flatMap((page) => page.data.removed.map((removed) => removed.transaction_id)),
    );
    const posted = added.filter((transaction) => transaction.pending_transaction_id);
    expect(posted.length).toBeGreaterThan(0);
    for (const transaction of posted) {
      expect(removedIds.has(transaction.pending_transaction_id)).toBe(true);
      const pageOfPending = pages.findIndex((page) =>
        page.data.added.some((candidate) => candidate.transaction_id === transaction.pending_transaction_id),
      );
      const pageOfPosted = pages.findIndex((page) => page.data.added.includes(transaction));
      expect(pageOfPending).toBeLessThan(pageOfPosted);
    }
    // A hold that disappears: pending, then removed, never posted.
    const hold = added.find((transaction) => transaction.name === 'MARRIOTT HOTELS AUTH HOLD');
    expect(hold.pending).toBe(true);
    expect(removedIds.has(hold.transaction_id)).toBe(true);
    expect(pages.flatMap((page) => page.data.modified)).toHaveLength(1);
  });

  it('limits history to options.transactions.days_requested', async () => {
    const { data } = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
      options: { transactions: { days_requested: 30 } },
    });
    const { access_token } = (await plaid.itemPublicTokenExchange({ public_token: data.public_token })).data;
    const pages = await syncAll(plaid, access_token, 500);
    const dates = pages.flatMap((page) => page.data.added.map((transaction) => transaction.date)).sort();
    expect(dates[0] >= '2026-10-24').toBe(true);
  });

  it('refuses a wrong sandbox password and creates exactly what user_custom asks for', async () => {
    const wrong = await plaidError(() =>
      plaid.sandboxPublicTokenCreate({
        institution_id: 'ins_109508',
        initial_products: [Products.Transactions],
        options: { override_username: 'user_good', override_password: 'wrong' },
      }),
    );
    expect(wrong).toMatchObject({ status: 400, error_type: 'ITEM_ERROR', error_code: 'INVALID_CREDENTIALS' });

    const config = {
      override_accounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 1234.5,
          transactions: [
            {
              date_transacted: '2026-11-01',
              date_posted: '2026-11-02',
              amount: 1500,
              description: 'Rent',
              currency: 'USD',
            },
            {
              date_transacted: '2026-11-14',
              date_posted: '2026-11-14',
              amount: -2500,
              description: 'Payroll',
              currency: 'USD',
            },
          ],
        },
      ],
    };
    const { data } = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
      options: { override_username: 'user_custom', override_password: JSON.stringify(config) },
    });
    const { access_token } = (await plaid.itemPublicTokenExchange({ public_token: data.public_token })).data;
    const { data: accounts } = await plaid.accountsGet({ access_token });
    expect(accounts.accounts).toHaveLength(1);
    expect(accounts.accounts[0].balances.current).toBe(1234.5);
    const { data: sync } = await plaid.transactionsSync({ access_token });
    expect(sync.added.map((transaction) => [transaction.name, transaction.amount, transaction.date])).toEqual(
      [
        ['Rent', 1500, '2026-11-02'],
        ['Payroll', -2500, '2026-11-14'],
      ],
    );
  });
});

describe('plaid emulator HTTP edges', () => {
  it('answers INVALID_BODY for a body over the limit or not JSON, NOT_FOUND for an unknown path', async () => {
    const emulator = await startPlaidEmulator({ seed: 'edges', log: () => {} });
    try {
      const post = (path, body) =>
        fetch(`${emulator.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      const tooLarge = await post('/accounts/get', JSON.stringify({ padding: 'x'.repeat(2_000_000) }));
      expect(tooLarge.status).toBe(400);
      expect(await tooLarge.json()).toMatchObject({
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_BODY',
      });
      const notJson = await post('/accounts/get', '{nope');
      expect((await notJson.json()).error_code).toBe('INVALID_BODY');
      const unknown = await post('/nope', '{}');
      expect(unknown.status).toBe(404);
    } finally {
      await emulator.close();
    }
  });
});
