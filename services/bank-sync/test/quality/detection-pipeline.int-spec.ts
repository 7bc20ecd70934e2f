import { startPrivateRedis, type PrivateRedis } from '@paycadence/nest-kit/testing';
import { DetectionService } from '../../src/detection/detection.service.js';
import { merchantKey } from '../../src/detection/merchant-key.js';
import { startBankSyncKit, type BankSyncKit } from '../support/bank-sync-kit.js';
import { startFinanceStandIn, type FinanceStandIn } from './finance-stand-in.js';

// The whole path for one user: link the emulator's sandbox bank, import two years through /transactions/sync
// (pending to posted, categories as the sync stores them), the worker's detect-recurring job after the sync,
// then recurring_streams compared with the streams the emulator knows it generated.
let redis: PrivateRedis;
let finance: FinanceStandIn;
let kit: BankSyncKit;

interface TrueStream {
  account_id: string;
  direction: 'inflow' | 'outflow';
  description: string;
  merchant_name: string | null;
  frequency: string;
  predicted_next_date: string;
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  finance = await startFinanceStandIn(redis.url);
  kit = await startBankSyncKit({ env: { REDIS_URL: redis.url } });
}, 60_000);
afterAll(async () => {
  await kit?.close();
  await finance?.close();
  await redis?.stop();
});

it('finds every stream the emulator generated for a linked item, with next dates within 2 days', async () => {
  const user = kit.h.userA;
  const itemId = await kit.link(user);
  await kit.startWorker();
  await kit.syncNow(user.id, itemId);
  // The sync enqueued detect-recurring; the worker runs it and offers the confident streams to finance.
  const deadline = Date.now() + 20_000;
  while (!finance.received.some((message) => message.userId === user.id) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(finance.received.some((message) => message.userId === user.id)).toBe(true);
  // Idempotent when called again directly (H3's generator does).
  await kit.h.app.get(DetectionService).detectForUser(user.id);

  const truth = ((await kit.emulated(itemId)) as unknown as { streams: TrueStream[] }).streams;
  const { rows } = await kit.h.db.query(
    `SELECT s.direction, s.merchant_key, s.frequency, s.confidence::float AS confidence,
            to_char(s.next_date, 'YYYY-MM-DD') AS next_date, a.plaid_account_id
     FROM "${kit.h.schema}".recurring_streams s JOIN "${kit.h.schema}".bank_accounts a ON a.id = s.account_id
     WHERE s.user_id = $1`,
    [user.id],
  );
  const confident = rows.filter((row) => row.confidence >= 0.5);
  const days = (from: string, to: string) => Math.abs(Date.parse(to) - Date.parse(from)) / 86_400_000;
  const found = truth.map((stream) => {
    const row = confident.find(
      (candidate) =>
        candidate.plaid_account_id === stream.account_id &&
        candidate.direction === stream.direction &&
        candidate.merchant_key === merchantKey(stream.description, stream.merchant_name),
    );
    return {
      stream: `${stream.direction} ${stream.frequency} ${stream.description}`,
      found: Boolean(row),
      frequency:
        row?.frequency === stream.frequency.toLowerCase().replace('_', '-').replace('annually', 'annual'),
      nextDateWithin2Days: row ? days(row.next_date, stream.predicted_next_date) <= 2 : false,
    };
  });
  expect(found.filter((entry) => !entry.found || !entry.frequency || !entry.nextDateWithin2Days)).toEqual([]);
  expect(confident).toHaveLength(truth.length);
}, 60_000);
