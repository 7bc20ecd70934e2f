import { BANK_SYNC_MESSAGES, SCHEDULED_SYNC_EVERY_MS } from '@paycadence/contracts';
import { randomUUID } from 'node:crypto';
import { bullPrefix } from '@paycadence/nest-kit';
import { Queue } from 'bullmq';
import { SyncSweep } from '../src/sync/sync-sweep.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// Imports through the queue: the HTTP routes add jobs, the worker context (worker.ts's) runs them.
let kit: BankSyncKit;
let queue: Queue;

beforeAll(async () => {
  kit = await startBankSyncKit();
  await kit.startWorker();
  queue = new Queue('bank-sync', { connection: { url: kit.h.config.REDIS_URL }, prefix: bullPrefix(kit.h.config.REDIS_KEY_PREFIX) });
});
afterAll(async () => {
  await queue?.close();
  await kit?.close();
});

async function itemState(itemId: string) {
  const { h } = kit;
  const { rows } = await h.db.query(`SELECT status, sync_state, last_error FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
  return rows[0];
}

describe('POST /sync/{userId} and /import-transactions/{userId}', () => {
  it('queues every item of the user, answers at once, and the worker imports them', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    await kit.waitForIdle(itemId);
    await kit.plaid('/sandbox/transactions/create', {
      access_token: await kit.accessToken(itemId),
      transactions: [{ date_transacted: '2026-03-10', date_posted: '2026-03-10', amount: 12.34, description: 'CORNER CAFE', iso_currency_code: 'USD' }],
    });
    const answer = await h.call('POST', `/sync/${h.userA.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: BANK_SYNC_MESSAGES.syncQueued, queued: 1 });
    await kit.waitForIdle(itemId);
    expect((await kit.rows(itemId)).some((row) => row.name === 'CORNER CAFE')).toBe(true);
    const imported = await h.call('POST', `/import-transactions/${h.userA.id}`);
    expect(imported.body).toMatchObject({ success: true, queued: 1 });
    expect(await kit.waitForIdle(itemId)).toEqual({ sync_state: 'idle', status: 'active' });
  });

  it('rides out a 429 storm: the job retries with backoff until Plaid answers, then imports', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userB);
    await kit.waitForIdle(itemId);
    await kit.plaid('/sandbox/transactions/create', {
      access_token: await kit.accessToken(itemId),
      transactions: [{ date_transacted: '2026-03-10', date_posted: '2026-03-10', amount: 5, description: 'STORM TEST', iso_currency_code: 'USD' }],
    });
    kit.emulator.hooks.failNext(4, 'RATE_LIMIT_EXCEEDED');
    expect((await h.call('POST', `/sync/${h.userB.id}`, { token: h.userB.token })).status).toBe(200);
    const until = Date.now() + 15_000;
    while (!(await kit.rows(itemId)).some((row) => row.name === 'STORM TEST')) {
      if (Date.now() > until) throw new Error('the import never recovered from the 429s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await kit.waitForIdle(itemId)).toEqual({ sync_state: 'idle', status: 'active' });
    expect(await itemState(itemId)).toMatchObject({ last_error: null });
  });
});

describe('a sync asked for while one runs', () => {
  it('runs once more after the running pass, so what Plaid added after that pass read its pages is imported', async () => {
    const { h } = kit;
    const user = await h.auth.user(); // its only item: nothing else of its competes for the worker
    const itemId = await kit.link(user);
    await kit.waitForIdle(itemId);
    const emulated = await kit.emulated(itemId);
    const template = emulated.log.find((entry) => entry.type === 'added')!.transaction;
    // Hold the running pass at its first write (the test's session blocks writes, not reads, to the table), so
    // it stays the running job.
    await h.db.query('BEGIN');
    await h.db.query(`LOCK TABLE "${h.schema}".bank_accounts IN SHARE MODE`);
    let added = false;
    try {
      // Right after the pass reads its page, Plaid gets a new transaction (too late for that pass).
      const realLog = emulated.log;
      emulated.log = new Proxy(realLog, {
        get(target, property, receiver) {
          if (property === 'slice' && !added) {
            added = true;
            queueMicrotask(() => realLog.push({ type: 'added', transaction: { ...template, transaction_id: 'late-arrival-1', name: 'LATE ARRIVAL' } }));
          }
          return Reflect.get(target, property, receiver);
        },
      });
      expect((await h.call('POST', `/sync/${user.id}`, { token: user.token })).status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (!added || (await queue.getJob(`${itemId}.sync`)) === undefined || !(await (await queue.getJob(`${itemId}.sync`))!.isActive())) {
        if (Date.now() > deadline) throw new Error('the pass never read its page');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      emulated.log = realLog;
      // Asked while that pass runs: a follow-up job, not nothing.
      expect((await h.call('POST', `/sync/${user.id}`, { token: user.token })).status).toBe(200);
      expect(await queue.getJob(`${itemId}.sync.again`)).toBeDefined();
    } finally {
      await h.db.query('COMMIT');
    }
    const until = Date.now() + 10_000;
    while (!(await kit.rows(itemId)).some((row) => row.name === 'LATE ARRIVAL')) {
      if (Date.now() > until) throw new Error('the follow-up pass never imported the late arrival');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await kit.waitForIdle(itemId)).toEqual({ sync_state: 'idle', status: 'active' });
  });
});

describe('a sync asked for during the follow-up pass', () => {
  it('is not lost: it runs after that pass; the item stays queued (the screen polls) until the last asked pass ends', async () => {
    const { h } = kit;
    const user = await h.auth.user();
    const itemId = await kit.link(user);
    await kit.waitForIdle(itemId);
    const token = await kit.accessToken(itemId);
    // Hold each Plaid call of the passes until the test lets it through.
    const held: (() => void)[] = [];
    const original = kit.emulator.hooks.beforeCall;
    let holding = true;
    kit.emulator.hooks.beforeCall = async () => {
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      await original.call(kit.emulator.hooks);
    };
    const until = async (what: string, check: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`never: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const waitingOnTableLock = async () =>
      (await h.db.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND locktype = 'relation'`)).rows.length > 0;
    let committed = false;
    try {
      // Pass A (request 1) holds at its Plaid call; request 2 adds the follow-up job B.
      expect((await h.call('POST', `/sync/${user.id}`, { token: user.token })).status).toBe(200);
      await until('pass A calls Plaid', () => held.length === 1);
      expect((await h.call('POST', `/sync/${user.id}`, { token: user.token })).status).toBe(200);
      await until('follow-up B is running', async () => Boolean(await (await queue.getJob(`${itemId}.sync.again`))?.isActive()));
      // B must hold at its first write after reading its page: block writes to bank_accounts, let A's call and then B's through.
      await h.db.query('BEGIN');
      await h.db.query(`LOCK TABLE "${h.schema}".bank_accounts IN SHARE MODE`);
      held.shift()!();
      await until('pass A waits to write', waitingOnTableLock);
      await h.db.query('COMMIT');
      committed = true;
      await until('pass B calls Plaid', () => held.length === 1);
      await h.db.query('BEGIN');
      committed = false;
      await h.db.query(`LOCK TABLE "${h.schema}".bank_accounts IN SHARE MODE`);
      holding = false;
      held.shift()!();
      await until('pass B read its page and waits to write', waitingOnTableLock);
      // Plaid gets a transaction B cannot see any more, and the user asks again (request 3) during B.
      await kit.plaid('/sandbox/transactions/create', {
        access_token: token,
        transactions: [{ date_transacted: '2026-03-11', date_posted: '2026-03-11', amount: 7.5, description: 'THIRD REQUEST', iso_currency_code: 'USD' }],
      });
      expect((await h.call('POST', `/sync/${user.id}`, { token: user.token })).status).toBe(200);
    } finally {
      holding = false;
      held.splice(0).forEach((release) => release());
      if (!committed) await h.db.query('COMMIT');
    }
    // B ends with a request pending: the item must not look idle before the pass serving it has run.
    const states: string[] = [];
    await until('the third request is imported', async () => {
      const { rows } = await h.db.query(`SELECT sync_state FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
      const imported = (await kit.rows(itemId)).some((row) => row.name === 'THIRD REQUEST');
      if (!imported) states.push(rows[0].sync_state);
      return imported;
    });
    expect(states).not.toContain('idle');
    expect(await kit.waitForIdle(itemId)).toEqual({ sync_state: 'idle', status: 'active' });
    kit.emulator.hooks.beforeCall = original;
  });
});

describe('ITEM_LOGIN_REQUIRED and repair (update mode)', () => {
  it('marks the item, does not retry, and the sandbox sign-in with item_id repairs it and imports again', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    await kit.waitForIdle(itemId);
    await kit.plaid('/sandbox/item/reset_login', { access_token: await kit.accessToken(itemId) });
    // The item is still 'active' here (no webhook configured): the sync finds out.
    await kit.h.call('POST', `/sync/${h.userA.id}`);
    const until = Date.now() + 10_000;
    while ((await itemState(itemId)).status !== 'login_required') {
      if (Date.now() > until) throw new Error('never marked');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await itemState(itemId)).toEqual({ status: 'login_required', sync_state: 'failed', last_error: BANK_SYNC_MESSAGES.loginRequired });
    // The job completes (a retry would keep it, delayed, under its id); nothing waits for the item in Redis.
    const jobGone = Date.now() + 5_000;
    while (await queue.getJob(`${itemId}.sync`)) {
      if (Date.now() > jobGone) throw new Error('the job is still there (retrying?)');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await itemState(itemId)).toMatchObject({ status: 'login_required' });
    const delayed = await queue.getDelayed();
    expect(delayed.filter((job) => job.data.itemId === itemId)).toEqual([]);

    // Update mode: a link token for the item, then the sandbox sign-in with its id.
    const linkToken = await h.call('POST', '/create-link-token', { body: { user_id: h.userA.id, item_id: itemId } });
    expect(linkToken.status).toBe(200);
    const wrong = await h.call('POST', '/sandbox/public-token', { body: { user_id: h.userA.id, institution_id: 'ins_109508', username: 'user_good', password: 'nope', item_id: itemId } });
    expect(wrong.status).toBe(400);
    expect((await itemState(itemId)).status).toBe('login_required');
    const repaired = await h.call('POST', '/sandbox/public-token', { body: { user_id: h.userA.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good', item_id: itemId } });
    expect(repaired.status).toBe(200);
    expect(repaired.body).toEqual({ success: true, repaired: true });
    await kit.waitForIdle(itemId);
    expect(await itemState(itemId)).toEqual({ status: 'active', sync_state: 'idle', last_error: null });
  });

  it('POST /repaired/{itemId} (after Plaid Link update mode with real keys) makes the item active and syncs it; not for another user', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userB);
    await kit.waitForIdle(itemId);
    const token = await kit.accessToken(itemId);
    await kit.plaid('/sandbox/item/reset_login', { access_token: token });
    await h.call('POST', `/sync/${h.userB.id}`, { token: h.userB.token });
    const marked = Date.now() + 10_000;
    while ((await itemState(itemId)).status !== 'login_required') {
      if (Date.now() > marked) throw new Error('never marked');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // What Link's update mode does at Plaid; then the screen tells us.
    await kit.plaid('/sandbox/item/repair', { access_token: token, username: 'user_good', password: 'pass_good' });
    expect((await h.call('POST', `/repaired/${itemId}`, { token: h.userA.token })).status).toBe(404);
    expect((await itemState(itemId)).status).toBe('login_required');
    const answer = await h.call('POST', `/repaired/${itemId}`, { token: h.userB.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: BANK_SYNC_MESSAGES.syncQueued, queued: 1 });
    await kit.waitForIdle(itemId);
    expect(await itemState(itemId)).toEqual({ status: 'active', sync_state: 'idle', last_error: null });
  });
});

describe('scheduled syncs', () => {
  it('an item waiting for a new sign-in is not swept; once repaired, its sync moves its overdue slot on', async () => {
    const { h } = kit;
    const user = await h.auth.user();
    const itemId = await kit.link(user);
    await kit.waitForIdle(itemId);
    const overdue = new Date(h.clock.now().getTime() - 60_000);
    await h.db.query(`UPDATE "${h.schema}".plaid_items SET status = 'login_required', sync_state = 'failed', next_sync_at = $2 WHERE id = $1`, [itemId, overdue]);
    expect(await h.app.get(SyncSweep).sweep()).not.toContain(itemId);
    expect((await h.call('POST', `/repaired/${itemId}`, { token: user.token })).status).toBe(200);
    await kit.waitForIdle(itemId);
    const { rows } = await h.db.query(`SELECT next_sync_at FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
    expect(rows[0].next_sync_at.getTime()).toBeGreaterThan(h.clock.now().getTime() + 0.75 * SCHEDULED_SYNC_EVERY_MS);
  });

  it('a pass that finds no item (disconnected meanwhile) does nothing', async () => {
    expect(await kit.syncNow(randomUUID(), randomUUID())).toEqual({ status: 'skipped' });
  });

  it('no job scheduler per item in Redis: only the sweep\'s', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userB);
    await kit.waitForIdle(itemId);
    expect((await queue.getJobSchedulers()).map((scheduler) => scheduler.key)).toEqual(['bank-sync.sweep.every']);
  });
});

describe('cross-user access on the link and import routes', () => {
  it('answers 403 for another user id and 404 for another user\'s item, changing nothing', async () => {
    const { h } = kit;
    const itemOfB = await kit.link(h.userB);
    const asA = { token: h.userA.token };
    expect((await h.call('POST', '/create-link-token', { ...asA, body: { user_id: h.userB.id } })).status).toBe(403);
    expect((await h.call('POST', '/create-link-token', { ...asA, body: { user_id: h.userA.id, item_id: itemOfB } })).status).toBe(404);
    expect((await h.call('POST', '/sandbox/public-token', { ...asA, body: { user_id: h.userB.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' } })).status).toBe(403);
    expect((await h.call('POST', '/sandbox/public-token', { ...asA, body: { user_id: h.userA.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good', item_id: itemOfB } })).status).toBe(404);
    expect((await h.call('POST', '/exchange-token', { ...asA, body: { user_id: h.userB.id, public_token: 'public-sandbox-x' } })).status).toBe(403);
    const forB = await h.call('POST', `/sync/${h.userB.id}`, asA);
    expect(forB.status).toBe(403);
    expect(forB.body.message).toBe(BANK_SYNC_MESSAGES.notYourAccount);
    expect((await h.call('POST', `/import-transactions/${h.userB.id}`, asA)).status).toBe(403);
    for (const [path, body] of [
      ['/create-link-token', { user_id: h.userA.id }],
      [`/sync/${h.userA.id}`, undefined],
      ['/exchange-token', { user_id: h.userA.id, public_token: 'x' }],
    ] as const) {
      expect((await h.call('POST', path, { token: null, body })).status).toBe(401);
    }
    expect((await h.call('POST', '/create-link-token', { body: { user_id: h.userA.id, item_id: 'not-a-uuid' } })).status).toBe(400);
  });
});
