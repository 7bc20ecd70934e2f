import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { fixedClock, type Clock } from '@paycadence/nest-kit';
import { startServiceHarness, TEST_NOW, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
// @ts-expect-error the emulator is plain ESM JavaScript without type declarations
import { EMULATOR_CLIENT_ID, EMULATOR_SECRET, startPlaidEmulator } from '../../../../tools/plaid-emulator/plaid-emulator.mjs';
import type { BankSyncConfig } from '../../src/config.js';
import { TokenVault } from '../../src/plaid/token-vault.js';
import { serviceDefinition } from '../../src/service-definition.js';
import { ItemSyncService } from '../../src/sync/item-sync.service.js';
import { createBankSyncWorker } from '../../src/sync/worker-app.js';

/** The emulator's handle (tools/plaid-emulator/plaid-emulator.mjs). */
export interface PlaidEmulator {
  url: string;
  close(): Promise<void>;
  hooks: {
    failNext(count: number, kind?: 'RATE_LIMIT_EXCEEDED' | 'API_ERROR'): void;
    setDelay(ms: number): void;
    mutateDuringNextPagination(): void;
    /** Runs before every authenticated call (delay, failures); tests may wrap it. */
    beforeCall(): Promise<void>;
  };
  store: { items: Map<string, EmulatedItem> };
}

export interface EmulatedItem {
  item_id: string;
  webhook: string | null;
  loginRequired: boolean;
  log: { type: 'added' | 'modified' | 'removed'; transaction: { transaction_id: string; amount: number; date: string; pending?: boolean; pending_transaction_id?: string | null; name: string } }[];
}

export interface BankSyncKit {
  h: ServiceHarness<BankSyncConfig>;
  emulator: PlaidEmulator;
  /** A worker context on the same schema and Redis prefix (null until startWorker). */
  worker: INestApplicationContext | null;
  startWorker(): Promise<INestApplicationContext>;
  /** Runs one item's pass directly in the HTTP app's context (no queue, no worker needed). */
  syncNow(userId: string, itemId: string): ReturnType<ItemSyncService['syncItem']>;
  /** Sandbox sign-in + exchange through the HTTP routes; answers our item id. */
  link(user: TestUser, credentials?: { username: string; password: string }): Promise<string>;
  /** The emulator's item behind our item id. */
  emulated(itemId: string): Promise<EmulatedItem>;
  /** The item's Plaid access token (decrypted as the service does), for emulator calls. */
  accessToken(itemId: string): Promise<string>;
  /** Calls an emulator endpoint as a Plaid client would. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Plaid's JSON answers, read field by field in tests
  plaid(path: string, body: Record<string, unknown>): Promise<{ status: number; body: any }>;
  waitForIdle(itemId: string, timeoutMs?: number): Promise<{ sync_state: string; status: string }>;
  rows(itemId: string): Promise<TransactionRow[]>;
  close(): Promise<void>;
}

export interface TransactionRow {
  plaid_transaction_id: string;
  amount: string;
  date: string;
  name: string;
  pending: boolean;
  pending_transaction_id: string | null;
  merchant_key: string;
  plaid_account_id: string;
}

/** What the item's rows must be after a complete import: the emulator's log replayed (latest state, removals applied). */
export function expectedRows(item: EmulatedItem): Map<string, { amount: number; date: string; pending: boolean; name: string }> {
  const state = new Map<string, { amount: number; date: string; pending: boolean; name: string }>();
  for (const entry of item.log) {
    if (entry.type === 'removed') state.delete(entry.transaction.transaction_id);
    else state.set(entry.transaction.transaction_id, { amount: entry.transaction.amount, date: entry.transaction.date, pending: Boolean(entry.transaction.pending), name: entry.transaction.name });
  }
  return state;
}

export async function startBankSyncKit(
  options: { clock?: Clock; maxPurchasesPerDay?: number; env?: Record<string, string>; /** e.g. a private redis-server for pub/sub */ redisUrl?: string } = {},
): Promise<BankSyncKit> {
  const clock = options.clock ?? fixedClock(TEST_NOW);
  const emulator: PlaidEmulator = await startPlaidEmulator({
    port: 0,
    seed: 'bank-sync-int',
    clock: () => clock.now().getTime(),
    log: () => undefined,
    webhookRetryDelaysMs: [],
    maxPurchasesPerDay: options.maxPurchasesPerDay,
  });
  const h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/plaid-production',
    callAs: 'userA',
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    clock,
    env: {
      PLAID_BASE_URL: emulator.url,
      PLAID_CLIENT_ID: EMULATOR_CLIENT_ID,
      PLAID_SECRET: EMULATOR_SECRET,
      BANK_TOKEN_KEY: randomBytes(32).toString('hex'),
      SYNC_RETRY_DELAY_MS: '20',
      DETECT_DEBOUNCE_MS: '0',
      ...options.env,
    },
  });
  const kit: BankSyncKit = {
    h,
    emulator,
    worker: null,
    async startWorker() {
      kit.worker = await createBankSyncWorker({ config: h.config, clock, databaseSchema: h.schema });
      return kit.worker;
    },
    syncNow(userId, itemId) {
      return h.app.get(ItemSyncService).syncItem(userId, itemId);
    },
    async link(user, credentials = { username: 'user_good', password: 'pass_good' }) {
      const signIn = await h.call('POST', '/sandbox/public-token', {
        token: user.token,
        body: { user_id: user.id, institution_id: 'ins_109508', ...credentials },
      });
      if (signIn.status !== 200) throw new Error(`sandbox sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
      const exchange = await h.call('POST', '/exchange-token', {
        token: user.token,
        body: { user_id: user.id, public_token: signIn.body.public_token, institution_id: 'ins_109508', institution_name: 'First Platypus Bank' },
      });
      if (exchange.status !== 200) throw new Error(`exchange: ${exchange.status} ${JSON.stringify(exchange.body)}`);
      return exchange.body.item_id as string;
    },
    async emulated(itemId) {
      const { rows } = await h.db.query(`SELECT plaid_item_id FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
      return emulator.store.items.get(rows[0].plaid_item_id)!;
    },
    async accessToken(itemId) {
      const { rows } = await h.db.query(`SELECT access_token_sealed FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
      return h.app.get(TokenVault).open(rows[0].access_token_sealed);
    },
    async plaid(path, body) {
      const response = await fetch(`${emulator.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: EMULATOR_CLIENT_ID, secret: EMULATOR_SECRET, ...body }),
      });
      return { status: response.status, body: await response.json() };
    },
    async waitForIdle(itemId, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await h.db.query(`SELECT sync_state, status FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
        if (rows[0] && (rows[0].sync_state === 'idle' || rows[0].sync_state === 'failed')) return rows[0];
        if (Date.now() > until) throw new Error(`item ${itemId} still ${rows[0]?.sync_state} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async rows(itemId) {
      const { rows } = await h.db.query(
        `SELECT t.plaid_transaction_id, t.amount::text AS amount, to_char(t.date, 'YYYY-MM-DD') AS date, t.name, t.pending,
                t.pending_transaction_id, t.merchant_key, a.plaid_account_id
         FROM "${h.schema}".bank_transactions t JOIN "${h.schema}".bank_accounts a ON a.id = t.account_id
         WHERE t.item_id = $1 ORDER BY t.plaid_transaction_id`,
        [itemId],
      );
      return rows;
    },
    async close() {
      await kit.worker?.close().catch(() => undefined);
      await h.close();
      await emulator.close();
    },
  };
  return kit;
}
