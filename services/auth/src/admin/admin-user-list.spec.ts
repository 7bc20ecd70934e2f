import { AdminListQuerySchema } from '@paycadence/contracts';
import type { Repository } from 'typeorm';
import type { User } from '../users/user.entity.js';
import { COUNT_ESTIMATE_FROM, searchPrefix } from '@paycadence/nest-kit';
import { AdminUserList } from './admin-user-list.js';

describe('searchPrefix', () => {
  it.each([
    ['Ann', 'ann%'],
    ['  Ann   Marie ', 'ann marie%'],
    ['50%_off', '50\\%\\_off%'],
    ['back\\slash', 'back\\\\slash%'],
  ])('%j → %j', (search, pattern) => expect(searchPrefix(search)).toBe(pattern));
});

/** A repository whose EXPLAIN says `planned` rows and whose counts say `counted`; it records every SQL text. */
function repositoryPlanning(planned: number, counted: number) {
  const sql: string[] = [];
  const query = jest.fn(async (text: string) => {
    sql.push(text);
    if (text.startsWith('EXPLAIN')) return [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': planned } }] }];
    if (text.includes('count(*)')) return [{ count: counted }];
    return [];
  });
  // The page reads in one snapshot: its transaction hands the same query function over.
  const manager = { query, transaction: async (_level: string, work: (db: { query: typeof query }) => unknown) => work({ query }) };
  return { repository: { query, manager } as unknown as Repository<User>, sql };
}

describe('AdminUserList counters', () => {
  const query = AdminListQuerySchema.parse({});

  it(`answers the planner's estimate, flagged, from ${COUNT_ESTIMATE_FROM} rows on, without counting them`, async () => {
    const { repository, sql } = repositoryPlanning(2_400_000.4, 3);
    const page = await new AdminUserList(repository).page(query);
    expect(page.counters).toEqual({ registered: 2_400_000, admins: 3, estimated: true });
    expect(page).toMatchObject({ total: 2_400_000, totalEstimated: true });
    // the only count run is the admins' (a partial index of a few rows)
    expect(sql.filter((text) => text.includes('count(*)'))).toEqual([expect.stringContaining(`role = 'admin'`)]);
  });

  it('counts exactly below that', async () => {
    const { repository, sql } = repositoryPlanning(COUNT_ESTIMATE_FROM - 1, 42);
    const page = await new AdminUserList(repository).page(AdminListQuerySchema.parse({ search: 'ann' }));
    expect(page.counters).toEqual({ registered: 42, admins: 42, estimated: false });
    expect(page).toMatchObject({ total: 42, totalEstimated: false });
    expect(sql.filter((text) => text.includes('count(*)'))).toHaveLength(3);
  });
});
