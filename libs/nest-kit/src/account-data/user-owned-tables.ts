import type { AccountSubject, ExportedRow } from '@paycadence/contracts';
import type { EntityManager } from 'typeorm';

/**
 * A table of the service's schema that holds rows of a user ("your data, yours"). Each service
 * lists every such table once (`<SERVICE>_USER_TABLES`); its export and its deletion both walk that list, and an
 * integration test fails when the schema gains a column naming a user that no list entry covers
 * (`uncoveredOwnerColumns`), so a table added later cannot be forgotten by either.
 */
export interface UserOwnedTable {
  /** The table, in the service's own schema (the connection's search_path). */
  readonly table: string;
  /** The columns naming the user: a row is the user's when any of them holds the account's id (or e-mail). */
  readonly ownerColumns: Readonly<Record<string, 'id' | 'email'>>;
  /** Never exported (token hashes, sealed secrets); the rows still go on deletion. */
  readonly secretColumns?: readonly string[];
  /** Not exported at all (a cache derived from other rows); still deleted. */
  readonly exported?: false;
  /**
   * Erasing instead of deleting (the audit log keeps an anonymised entry): answers how many rows it changed.
   * Without it the user's rows are deleted.
   */
  readonly erase?: (manager: EntityManager, subject: AccountSubject) => Promise<number>;
}

/** Identifiers come from code (the lists), never from a request; quoted anyway. */
const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * `"user_id" = $1 OR lower("email") = $2`: the rows of a table that are the subject's (only the parameters
 * used). Columns holding an address match only when the subject's address is confirmed (a non-null `email`);
 * a table with no other way to match then has none of the subject's rows (`FALSE`). Each id column gets a
 * parameter of its own, so PostgreSQL types it as that column (uuid or text) and the column's index serves the
 * match; a cast of the column (`::text`) would read every user's rows (docs/performance.template.md).
 */
export function ownerCondition(table: UserOwnedTable, subject: AccountSubject): { sql: string; params: string[] } {
  const params: string[] = [];
  const placeholder = (value: string) => {
    const at = params.indexOf(value);
    if (at >= 0) return `$${at + 1}`;
    params.push(value);
    return `$${params.length}`;
  };
  const email = subject.email?.toLowerCase() ?? null;
  const parts = Object.entries(table.ownerColumns).flatMap(([column, by]) => {
    if (by === 'id') {
      params.push(subject.userId);
      return [`${quoted(column)} = $${params.length}`];
    }
    return email === null ? [] : [`lower(${quoted(column)}) = ${placeholder(email)}`];
  });
  return { sql: parts.length > 0 ? parts.join(' OR ') : 'FALSE', params };
}

/**
 * The subject's rows of every exported table, secrets left out, in a stable order. PostgreSQL renders each row
 * as JSON itself (`to_jsonb`), so a `date` stays `2027-01-28` whatever the server's time zone (the driver would
 * make it a local-midnight Date), a `timestamptz` is ISO 8601 with its offset, and numbers stay numbers.
 */
export async function exportUserRows(
  manager: EntityManager,
  tables: readonly UserOwnedTable[],
  subject: AccountSubject,
): Promise<Record<string, ExportedRow[]>> {
  const result: Record<string, ExportedRow[]> = {};
  for (const table of tables) {
    if (table.exported === false) continue;
    const { sql, params } = ownerCondition(table, subject);
    const rows = (await manager.query(`SELECT to_jsonb(t) AS row FROM ${quoted(table.table)} t WHERE ${sql}`, params)) as { row: ExportedRow }[];
    const secret = new Set(table.secretColumns ?? []);
    result[table.table] = rows
      .map(({ row }) => Object.fromEntries(Object.entries(row).filter(([column]) => !secret.has(column))))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return result;
}

/**
 * Removes (or erases) every row of the subject from every listed table, in list order (children before the
 * rows they reference). Run it in one transaction: all of a service's rows go, or none. Idempotent: a second
 * run finds nothing and answers zeros. Only rows whose owner columns name the subject are touched.
 */
export async function deleteUserRows(
  manager: EntityManager,
  tables: readonly UserOwnedTable[],
  subject: AccountSubject,
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const table of tables) {
    if (table.erase) {
      removed[table.table] = (removed[table.table] ?? 0) + (await table.erase(manager, subject));
      continue;
    }
    const { sql, params } = ownerCondition(table, subject);
    const [, count] = (await manager.query(`DELETE FROM ${quoted(table.table)} WHERE ${sql}`, params)) as [unknown, number];
    removed[table.table] = (removed[table.table] ?? 0) + (count ?? 0);
  }
  return removed;
}

/**
 * Column names that look like they name a user: `user_id`, `*_user_id`, `actor_id`, `subject_id`, `*_by`,
 * `email`, `*_email`. Plain string checks (no pattern), linear in the name.
 */
export function looksLikeOwnerColumn(column: string): boolean {
  return (
    column === 'user_id' ||
    column.endsWith('_user_id') ||
    column === 'actor_id' ||
    column === 'subject_id' ||
    column.endsWith('_by') ||
    column === 'email' ||
    column.endsWith('_email')
  );
}

/**
 * The `table.column`s of a schema that look like they name a user but that no listed table covers, less those
 * `ignored` on purpose (each with its reason in the caller). A service's integration test expects none.
 */
export async function uncoveredOwnerColumns(
  query: (sql: string, params: unknown[]) => Promise<{ rows: { table_name: string; column_name: string }[] }>,
  schema: string,
  tables: readonly UserOwnedTable[],
  ignored: readonly string[] = [],
): Promise<string[]> {
  const { rows } = await query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE'
      ORDER BY 1, 2`,
    [schema],
  );
  const covered = new Set(tables.flatMap((table) => Object.keys(table.ownerColumns).map((column) => `${table.table}.${column}`)));
  return rows
    .filter((row) => looksLikeOwnerColumn(row.column_name))
    .map((row) => `${row.table_name}.${row.column_name}`)
    .filter((name) => !covered.has(name) && !ignored.includes(name));
}
