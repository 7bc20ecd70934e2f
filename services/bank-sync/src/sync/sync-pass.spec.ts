import type { Transaction } from 'plaid';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import type { PlaidGateway, SyncPage } from '../plaid/plaid-gateway.js';
import { fetchPass, SYNC_PAGE_SIZE } from './sync-pass.js';

const tx = (id: string, amount = 1) => ({ transaction_id: id, account_id: 'acc', amount }) as Transaction;
const page = (cursor: string, hasMore: boolean, changes: Partial<SyncPage> = {}): SyncPage => ({ added: [], modified: [], removed: [], accounts: [], nextCursor: cursor, hasMore, ...changes });

/** A gateway answering the scripted pages (or errors) in order, recording the cursors asked for. */
function scripted(answers: (SyncPage | Error)[]) {
  const cursors: (string | null)[] = [];
  const counts: number[] = [];
  const gateway = {
    syncTransactions: async (_token: string, cursor: string | null, count: number) => {
      cursors.push(cursor);
      counts.push(count);
      const answer = answers.shift();
      if (!answer) throw new Error('no more pages scripted');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as PlaidGateway;
  return { gateway, cursors, counts };
}

const mutation = () => new PlaidCallError('TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 400, false, 'moved');

describe('fetchPass', () => {
  it('pages at 500 while has_more and keeps each transaction at its last state across pages', async () => {
    const { gateway, cursors, counts } = scripted([
      page('c1', true, { added: [tx('a'), tx('b'), tx('p')] }),
      page('c2', true, { modified: [tx('a', 9)], removed: [{ transaction_id: 'p', account_id: 'acc' }] }),
      page('c3', false, { added: [tx('posted')], removed: [{ transaction_id: 'gone', account_id: 'acc' }] }),
    ]);
    const pass = await fetchPass(gateway, 'token', 'c0');
    expect(cursors).toEqual(['c0', 'c1', 'c2']);
    expect(counts).toEqual([SYNC_PAGE_SIZE, SYNC_PAGE_SIZE, SYNC_PAGE_SIZE]);
    expect([...pass.upserts.keys()]).toEqual(['a', 'b', 'posted']);
    expect(pass.upserts.get('a')?.amount).toBe(9);
    expect([...pass.removed]).toEqual(['p', 'gone']);
    expect(pass).toMatchObject({ nextCursor: 'c3', pages: 3, restarts: 0 });
  });

  it('a transaction removed and then added again in one pass ends added', async () => {
    const { gateway } = scripted([page('c1', true, { removed: [{ transaction_id: 'x', account_id: 'acc' }] }), page('c2', false, { added: [tx('x')] })]);
    const pass = await fetchPass(gateway, 'token', null);
    expect([...pass.upserts.keys()]).toEqual(['x']);
    expect(pass.removed.size).toBe(0);
  });

  it('restarts the whole pass from its first cursor on TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, dropping what it had', async () => {
    const { gateway, cursors } = scripted([page('c1', true, { added: [tx('stale')] }), mutation(), page('d1', false, { added: [tx('fresh')] })]);
    const pass = await fetchPass(gateway, 'token', 'c0');
    expect(cursors).toEqual(['c0', 'c1', 'c0']);
    expect([...pass.upserts.keys()]).toEqual(['fresh']);
    expect(pass).toMatchObject({ restarts: 1, nextCursor: 'd1' });
  });

  it('gives up after 5 restarts with a retryable error (the job retries later)', async () => {
    const { gateway } = scripted(Array.from({ length: 6 }, mutation));
    await expect(fetchPass(gateway, 'token', null)).rejects.toMatchObject({ code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', retryable: true });
  });

  it('lets other Plaid failures through unchanged', async () => {
    const limited = new PlaidCallError('RATE_LIMIT_EXCEEDED', 429, true, 'slow down');
    const { gateway } = scripted([limited]);
    await expect(fetchPass(gateway, 'token', null)).rejects.toBe(limited);
  });
});
