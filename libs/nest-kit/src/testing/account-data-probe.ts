import {
  AccountDeleteReplySchema,
  AccountExportReplySchema,
  accountDataPattern,
  type AccountDataService,
  type AccountDeleteReply,
  type AccountExportReply,
  type AccountSubject,
} from '@paycadence/contracts';
import type pg from 'pg';
import { firstValueFrom, timeout } from 'rxjs';
import { looksLikeOwnerColumn } from '../account-data/user-owned-tables.js';
import { createRedisClient } from '../transport/redis-transport.js';

/** Auth's side of `<service>.account.export` / `.delete`, for a service's integration test. */
export interface AccountDataProbe {
  export(subject: AccountSubject): Promise<AccountExportReply>;
  delete(subject: AccountSubject): Promise<AccountDeleteReply>;
  close(): Promise<void>;
}

export function accountDataProbe(redisUrl: string, service: AccountDataService): AccountDataProbe {
  const client = createRedisClient(redisUrl);
  const ask = async (step: 'export' | 'delete', subject: AccountSubject) =>
    firstValueFrom(client.send(accountDataPattern(service, step), subject).pipe(timeout(15_000)));
  return {
    export: async (subject) => AccountExportReplySchema.parse(await ask('export', subject)),
    delete: async (subject) => AccountDeleteReplySchema.parse(await ask('delete', subject)),
    close: () => client.close(),
  };
}

/**
 * How many rows of each table of `schema` name the subject, found from the database alone (every column that
 * looks like it names a user, plus `users.id`), never from a service's own list: what a test holds an export
 * and a deletion against. Tables without such a row are left out.
 */
export async function rowsNaming(db: pg.Client, schema: string, subject: AccountSubject): Promise<Record<string, number>> {
  const { rows: columns } = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE'`,
    [schema],
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    const isId = column === 'email' || column.endsWith('_email') ? false : looksLikeOwnerColumn(column) || (table === 'users' && column === 'id');
    const isEmail = column === 'email' || column.endsWith('_email');
    if (!isId && !isEmail) continue;
    const condition = isId ? `"${column}"::text = $1` : `lower("${column}") = lower($2::text)`;
    byTable.set(table, [...(byTable.get(table) ?? []), condition]);
  }
  const counts: Record<string, number> = {};
  for (const [table, conditions] of byTable) {
    // Both parameters typed in every statement, so one that uses only the id still binds two. A null e-mail (an
    // unconfirmed address) matches no row by address.
    const where = `(${conditions.join(' OR ')}) AND $1::text IS NOT NULL AND coalesce($2::text, '') IS NOT NULL`;
    const { rows } = await db.query<{ count: string }>(`SELECT count(*) FROM "${schema}"."${table}" WHERE ${where}`, [
      subject.userId,
      subject.email?.toLowerCase() ?? null,
    ]);
    if (Number(rows[0]!.count) > 0) counts[table] = Number(rows[0]!.count);
  }
  return counts;
}
