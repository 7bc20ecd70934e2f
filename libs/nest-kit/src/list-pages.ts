/**
 * What a list searched and paged on the server (the admin's account and waitlist lists) shares across services.
 */

/** The part of EntityManager (or a Repository) a count needs. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * From this many rows (the planner's estimate) a count is answered by the estimate instead of counted: an
 * exact COUNT reads every matching index entry (a million rows: a few hundred milliseconds on every list load),
 * while below it counting takes milliseconds. A screen says "about" for an estimate.
 */
export const COUNT_ESTIMATE_FROM = 100_000;

/** A search box's text as a LIKE prefix: lower-cased, spaces collapsed (names are joined by one), wildcards escaped. */
export function searchPrefix(search: string): string {
  const text = search.trim().replace(/\s+/g, ' ').toLowerCase();
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The rows of `source` (a table and its WHERE, written by the caller, never user text: values go in `params`):
 * counted, or the planner's estimate when that says there are COUNT_ESTIMATE_FROM or more.
 */
export async function countOrEstimate(db: Queryable, source: string, params: unknown[]): Promise<{ count: number; estimated: boolean }> {
  const plan = (await db.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${source}`, params)) as Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>;
  const estimate = Math.round(plan[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  if (estimate >= COUNT_ESTIMATE_FROM) return { count: estimate, estimated: true };
  const [{ count }] = (await db.query(`SELECT count(*)::int AS count FROM ${source}`, params)) as Array<{ count: number }>;
  return { count, estimated: false };
}
