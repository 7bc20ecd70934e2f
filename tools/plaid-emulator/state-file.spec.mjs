import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Configuration, PlaidApi, Products } from 'plaid';
import { EMULATOR_CLIENT_ID, EMULATOR_SECRET, startPlaidEmulator } from './plaid-emulator.mjs';

const TODAY = Date.parse('2026-11-23T12:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'plaid-emulator-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clientFor = (url) =>
  new PlaidApi(
    new Configuration({
      basePath: url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': EMULATOR_CLIENT_ID, 'PLAID-SECRET': EMULATOR_SECRET } },
    }),
  );

async function fullSync(plaid, accessToken) {
  const ids = [];
  let cursor = '';
  for (let hasMore = true; hasMore;) {
    const { data } = await plaid.transactionsSync({ access_token: accessToken, cursor, count: 500 });
    ids.push(...data.added.map((t) => t.transaction_id));
    cursor = data.next_cursor;
    hasMore = data.has_more;
  }
  return { ids, cursor };
}

describe('stateFile: a linked item survives a restart', () => {
  it('keeps the item, its access token and its data, continues from a saved cursor, and never reuses an item id', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await startPlaidEmulator({ seed: 'restart', clock: () => TODAY, stateFile });
    const plaid = clientFor(first.url);
    const { data: created } = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
    });
    const { data: linked } = await plaid.itemPublicTokenExchange({ public_token: created.public_token });
    const before = await fullSync(plaid, linked.access_token);
    await plaid.sandboxTransactionsCreate({
      access_token: linked.access_token,
      transactions: [
        {
          date_transacted: '2026-11-22',
          date_posted: '2026-11-22',
          amount: 12.5,
          description: 'Corner Bakery',
          iso_currency_code: 'USD',
        },
      ],
    });
    await first.close();

    const second = await startPlaidEmulator({ seed: 'restart', clock: () => TODAY, stateFile });
    try {
      const again = clientFor(second.url);
      const { data: accounts } = await again.accountsGet({ access_token: linked.access_token });
      expect(accounts.item.item_id).toBe(linked.item_id);
      // The saved cursor goes on where it stopped: only the transaction added before the restart is new.
      const { data: next } = await again.transactionsSync({
        access_token: linked.access_token,
        cursor: before.cursor,
        count: 500,
      });
      expect(next.added.map((t) => t.name)).toEqual(['Corner Bakery']);
      expect((await fullSync(again, linked.access_token)).ids).toEqual(expect.arrayContaining(before.ids));

      const { data: another } = await again.sandboxPublicTokenCreate({
        institution_id: 'ins_109508',
        initial_products: [Products.Transactions],
      });
      const { data: anotherLinked } = await again.itemPublicTokenExchange({
        public_token: another.public_token,
      });
      expect(anotherLinked.item_id).not.toBe(linked.item_id);
    } finally {
      await second.close();
    }
  });

  it('starts empty without a state file, and from an unreadable one', async () => {
    const missing = await startPlaidEmulator({
      seed: 'restart',
      clock: () => TODAY,
      stateFile: join(dir, 'missing', 'state.json'),
    });
    expect(missing.store.items.size).toBe(0);
    await missing.close();
    const garbled = join(dir, 'garbled.json');
    writeFileSync(garbled, '{"version": 1, "items": [');
    const logged = [];
    const fromGarbage = await startPlaidEmulator({
      seed: 'restart',
      clock: () => TODAY,
      stateFile: garbled,
      log: (line) => logged.push(line),
    });
    expect(fromGarbage.store.items.size).toBe(0);
    expect(logged.join('\n')).toMatch(/ignoring unreadable/);
    await fromGarbage.close();
  });

  it('logs and carries on when the state cannot be written', async () => {
    const logged = [];
    // A file where the folder should be: every save fails.
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, '');
    const emulator = await startPlaidEmulator({
      seed: 'restart',
      clock: () => TODAY,
      stateFile: join(blocker, 'state.json'),
      log: (line) => logged.push(line),
    });
    try {
      const plaid = clientFor(emulator.url);
      const { data: created } = await plaid.sandboxPublicTokenCreate({
        institution_id: 'ins_109508',
        initial_products: [Products.Transactions],
      });
      const { data: linked } = await plaid.itemPublicTokenExchange({ public_token: created.public_token });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(logged.join('\n')).toMatch(/could not save/);
      expect(
        (await plaid.accountsGet({ access_token: linked.access_token })).data.accounts.length,
      ).toBeGreaterThan(0);
    } finally {
      await emulator.close();
    }
  });
});
