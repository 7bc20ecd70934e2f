import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  FILE_ACCOUNT_TYPES,
  STATEMENT_LIMITS,
  STATEMENT_MESSAGES,
  type CsvMapping,
  type StatementImportDto,
  type StatementImportRequest,
  type StatementImportResponse,
  type StatementPreview,
  type StatementPreviewRequest,
  type StatementUndoResponse,
} from '@paycadence/contracts';
import { CLOCK, InjectServiceConfig, JobProducer, type Clock } from '@paycadence/nest-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { BankSyncConfig } from '../config.js';
import { merchantKey } from '../detection/merchant-key.js';
import { StatementFileError } from './statement-file-error.js';
import { csvPreviewOf, readStatement, type KeyedTransaction, type ReadStatement } from './statement-reader.js';

/** Rows per INSERT ... SELECT FROM unnest(...) statement. */
const BATCH = 5_000;

interface FileAccountRow {
  id: string;
  item_id: string;
  name: string;
  csv_mapping: CsvMapping | null;
}

interface ImportRow {
  id: string;
  account_id: string;
  account_name: string;
  file_name: string;
  format: StatementImportDto['format'];
  added: number;
  already: number;
  first_date: string | null;
  last_date: string | null;
  created_at: Date;
}

const IMPORT_COLUMNS = `s.id, s.account_id, a.name AS account_name, s.file_name, s.format, s.added, s.already,
  s.first_date::text AS first_date, s.last_date::text AS last_date, s.created_at`;

/** The person's file-fed account (never a linked bank's): its item, and the CSV mapping its last import used. */
const FILE_ACCOUNT_SQL = `
  SELECT a.id, a.item_id, a.name, a.csv_mapping FROM bank_accounts a JOIN plaid_items i ON i.id = a.item_id
  WHERE a.id = $1 AND a.user_id = $2 AND i.user_id = $2 AND i.source = 'file'`;

/**
 * Statement files (docs/statement-files.md): an upload is kept, read and previewed; its import writes the file's
 * transactions into a file-fed account in one transaction (nothing stored twice, by the rows' keys under the same
 * unique index a linked bank's rows use), then queues recurring detection exactly as a finished sync does, which
 * also refreshes the dashboard's bank figures and the bills' paid status. Every query is the signed-in user's.
 */
@Injectable()
export class StatementsService {
  private readonly logger = new Logger(StatementsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectServiceConfig() private readonly config: BankSyncConfig,
  ) {}

  /**
   * Reads the file first (a file that is no statement is refused before anything is kept), then keeps it for its
   * import. Uploads past their time are deleted here, everyone's: a file is never kept longer than that after any
   * upload, and one person keeps at most a few.
   */
  async upload(userId: string, bytes: Buffer, fileName: string): Promise<StatementPreview> {
    const read = readStatement(bytes, fileName, { today: this.clock.today() });
    const [{ id }]: { id: string }[] = await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM statement_uploads WHERE created_at < $1`, [this.expiredBefore()]);
      await manager.query(
        `DELETE FROM statement_uploads WHERE user_id = $1 AND id NOT IN (SELECT id FROM statement_uploads WHERE user_id = $1 ORDER BY created_at DESC LIMIT 4)`,
        [userId],
      );
      return manager.query(`INSERT INTO statement_uploads (user_id, file_name, content) VALUES ($1, $2, $3) RETURNING id`, [userId, fileName, bytes]);
    });
    return this.previewOf(userId, id, fileName, read, await this.accountFor(this.dataSource.manager, userId, read));
  }

  async preview(userId: string, uploadId: string, request: StatementPreviewRequest): Promise<StatementPreview> {
    const upload = await this.uploadOf(this.dataSource.manager, userId, uploadId);
    const chosen = request.account_id ? await this.fileAccount(this.dataSource.manager, userId, request.account_id) : null;
    const read = readStatement(upload.content, upload.file_name, { today: this.clock.today(), mapping: request.mapping, remembered: chosen?.csv_mapping });
    return this.previewOf(userId, uploadId, upload.file_name, read, chosen ?? (request.account_id === null ? null : await this.accountFor(this.dataSource.manager, userId, read)));
  }

  async import(userId: string, uploadId: string, request: StatementImportRequest): Promise<StatementImportResponse> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const upload = await this.uploadOf(manager, userId, uploadId, true);
      const existing = request.account_id ? await this.fileAccount(manager, userId, request.account_id, true) : null;
      const read = readStatement(upload.content, upload.file_name, { today: this.clock.today(), mapping: request.mapping, remembered: existing?.csv_mapping });
      if (!read.transactions) throw new StatementFileError(read.problem ?? STATEMENT_MESSAGES.unmappable, 400, 'mapping');
      const account = existing ?? (await this.createFileAccount(manager, userId, read, request.new_account!));
      const [{ id: importId }]: { id: string }[] = await manager.query(
        `INSERT INTO statement_imports (user_id, item_id, account_id, file_name, format, balance, balance_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [userId, account.item_id, account.id, upload.file_name, read.format, read.balance, read.balanceDate],
      );
      let added = 0;
      for (let start = 0; start < read.transactions.length; start += BATCH) {
        added += await insertTransactions(manager, userId, account, importId, read.transactions.slice(start, start + BATCH));
      }
      const dates = read.transactions.map((row) => row.date).sort();
      await manager.query(`UPDATE statement_imports SET added = $2, already = $3, first_date = $4, last_date = $5 WHERE id = $1`, [
        importId,
        added,
        read.transactions.length - added,
        dates[0],
        dates[dates.length - 1],
      ]);
      if (read.csv) await manager.query(`UPDATE bank_accounts SET csv_mapping = $2 WHERE id = $1`, [account.id, JSON.stringify(read.csv.mapping)]);
      await refreshFromImports(manager, account);
      await manager.query(`DELETE FROM statement_uploads WHERE id = $1`, [uploadId]);
      const [row]: ImportRow[] = await manager.query(`SELECT ${IMPORT_COLUMNS} FROM statement_imports s JOIN bank_accounts a ON a.id = s.account_id WHERE s.id = $1`, [importId]);
      return toImportDto(row!);
    });
    await this.afterChange(userId);
    return { success: true, message: STATEMENT_MESSAGES.imported(outcome.added, outcome.already), import: outcome };
  }

  async list(userId: string): Promise<StatementImportDto[]> {
    const rows: ImportRow[] = await this.dataSource.query(
      `SELECT ${IMPORT_COLUMNS} FROM statement_imports s JOIN bank_accounts a ON a.id = s.account_id
       WHERE s.user_id = $1 AND a.user_id = $1 ORDER BY s.created_at DESC, s.id LIMIT ${STATEMENT_LIMITS.listedImports}`,
      [userId],
    );
    return rows.map(toImportDto);
  }

  /** Removes what the import added (rows an earlier import brought stay), and the balance and last import go back. */
  async undo(userId: string, importId: string): Promise<StatementUndoResponse> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const [found]: { account_id: string; item_id: string }[] = await manager.query(
        `SELECT account_id, item_id FROM statement_imports WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [importId, userId],
      );
      if (!found) throw new StatementFileError(STATEMENT_MESSAGES.importNotFound, 404, 'importId');
      const [, count]: [unknown, number] = await manager.query(`DELETE FROM bank_transactions WHERE import_id = $1 AND user_id = $2`, [importId, userId]);
      await manager.query(`DELETE FROM statement_imports WHERE id = $1 AND user_id = $2`, [importId, userId]);
      await refreshFromImports(manager, { id: found.account_id, item_id: found.item_id });
      return count;
    });
    await this.afterChange(userId);
    return { success: true, message: STATEMENT_MESSAGES.undone(removed), removed };
  }

  private expiredBefore(): Date {
    return new Date(this.clock.now().getTime() - STATEMENT_LIMITS.uploadTtlMinutes * 60_000);
  }

  private async uploadOf(manager: EntityManager, userId: string, uploadId: string, lock = false): Promise<{ file_name: string; content: Buffer }> {
    const [row]: { file_name: string; content: Buffer }[] = await manager.query(
      `SELECT file_name, content FROM statement_uploads WHERE id = $1 AND user_id = $2 AND created_at >= $3${lock ? ' FOR UPDATE' : ''}`,
      [uploadId, userId, this.expiredBefore()],
    );
    if (!row) throw new StatementFileError(STATEMENT_MESSAGES.uploadGone, 404, 'uploadId');
    return row;
  }

  /** FOR UPDATE on the item: two imports into one account take turns (each counts what the other added). */
  private async fileAccount(manager: EntityManager, userId: string, accountId: string, lock = false): Promise<FileAccountRow> {
    const [row]: FileAccountRow[] = await manager.query(`${FILE_ACCOUNT_SQL}${lock ? ' FOR UPDATE OF i' : ''}`, [accountId, userId]);
    if (!row) throw new StatementFileError(STATEMENT_MESSAGES.accountNotFound, 404, 'account_id');
    return row;
  }

  /** The file account an OFX file of the same bank account went into before (by the account number's digest). */
  private async accountFor(manager: EntityManager, userId: string, read: ReadStatement): Promise<FileAccountRow | null> {
    if (!read.accountDigest) return null;
    const [row]: FileAccountRow[] = await manager.query(
      `SELECT a.id, a.item_id, a.name, a.csv_mapping FROM bank_accounts a JOIN plaid_items i ON i.id = a.item_id
       WHERE a.user_id = $1 AND i.user_id = $1 AND i.source = 'file' AND a.plaid_account_id = $2 ORDER BY a.created_at LIMIT 1`,
      [userId, `ofx:${read.accountDigest}`],
    );
    return row ?? null;
  }

  private async createFileAccount(manager: EntityManager, userId: string, read: ReadStatement, account: NonNullable<StatementImportRequest['new_account']>): Promise<FileAccountRow> {
    const kind = FILE_ACCOUNT_TYPES[account.type];
    // Never swept (next_sync_at infinity) and never sent to Plaid (source 'file', no token): see the migration.
    const [{ id: itemId }]: { id: string }[] = await manager.query(
      `INSERT INTO plaid_items (user_id, source, institution_name, status, sync_state, next_sync_at) VALUES ($1, 'file', $2, 'active', 'idle', 'infinity') RETURNING id`,
      [userId, account.institution_name],
    );
    const [row]: FileAccountRow[] = await manager.query(
      `INSERT INTO bank_accounts (user_id, item_id, plaid_account_id, name, mask, type, subtype)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, item_id, name, csv_mapping`,
      [userId, itemId, read.accountDigest ? `ofx:${read.accountDigest}` : `file:${itemId}`, account.name, read.mask, kind.type, kind.subtype],
    );
    return row!;
  }

  private async previewOf(userId: string, uploadId: string, fileName: string, read: ReadStatement, account: FileAccountRow | null): Promise<StatementPreview> {
    let transactions: StatementPreview['transactions'] = null;
    if (read.transactions) {
      const stored = account ? await existingKeys(this.dataSource.manager, userId, account.item_id, read.transactions) : 0;
      const dates = read.transactions.map((row) => row.date).sort();
      transactions = {
        total: read.transactions.length,
        new: read.transactions.length - stored,
        already: stored,
        first_date: dates[0]!,
        last_date: dates[dates.length - 1]!,
        sample: read.transactions.slice(0, STATEMENT_LIMITS.previewRows).map(({ date, description, amount }) => ({ date, description, amount })),
      };
    }
    return {
      upload_id: uploadId,
      file_name: fileName,
      format: read.format,
      institution_name: read.institutionName,
      account_type: read.accountType,
      mask: read.mask,
      balance: read.balance,
      balance_date: read.balanceDate,
      account_id: account?.id ?? null,
      csv: read.csv ? csvPreviewOf(read.csv) : null,
      transactions,
      problem: read.problem,
    };
  }

  /** As after a sync: detection (and with it the dashboard's bank summary and the bills' paid status) runs again. */
  private async afterChange(userId: string): Promise<void> {
    try {
      await this.jobs.enqueue('detect-recurring', { userId }, { delayMs: this.config.DETECT_DEBOUNCE_MS, followUpIfActive: true });
    } catch (error) {
      // The rows are stored: the next detection run of any kind (at least every sweep) picks them up.
      this.logger.error(`could not queue recurring detection for ${userId}: ${(error as Error).message}`);
    }
  }
}

async function existingKeys(manager: EntityManager, userId: string, itemId: string, rows: readonly KeyedTransaction[]): Promise<number> {
  const [{ count }]: { count: string }[] = await manager.query(
    `SELECT count(*) FROM bank_transactions WHERE item_id = $1 AND user_id = $2 AND plaid_transaction_id = ANY($3::text[])`,
    [itemId, userId, rows.map((row) => row.key)],
  );
  return Number(count);
}

/** Inserts the rows not stored yet under the account's item; answers how many were new. */
async function insertTransactions(manager: EntityManager, userId: string, account: FileAccountRow, importId: string, rows: readonly KeyedTransaction[]): Promise<number> {
  const [{ added }]: { added: string }[] = await manager.query(
    `WITH inserted AS (
       INSERT INTO bank_transactions (user_id, item_id, account_id, import_id, plaid_transaction_id, amount, date, name, merchant_key)
       SELECT $1, $2, $3, $4, r.key, r.amount, r.date, r.name, r.merchant_key
       FROM unnest($5::text[], $6::numeric[], $7::date[], $8::text[], $9::text[]) AS r(key, amount, date, name, merchant_key)
       ON CONFLICT (item_id, plaid_transaction_id) DO NOTHING
       RETURNING 1)
     SELECT count(*) AS added FROM inserted`,
    [
      userId,
      account.item_id,
      account.id,
      importId,
      rows.map((row) => row.key),
      rows.map((row) => row.amount.toFixed(2)),
      rows.map((row) => row.date),
      rows.map((row) => row.description),
      rows.map((row) => merchantKey(row.description)),
    ],
  );
  return Number(added);
}

/**
 * The account's balance is the newest balance any of its remaining imports read (by the balance's own date), and
 * its item's last sync is its last import: after an import, and after one is undone.
 */
async function refreshFromImports(manager: EntityManager, account: Pick<FileAccountRow, 'id' | 'item_id'>): Promise<void> {
  await manager.query(
    `UPDATE bank_accounts a SET current_balance = b.balance, balance_updated_at = b.balance_date::timestamptz, updated_at = now()
     FROM (SELECT (SELECT balance FROM statement_imports WHERE account_id = $1 AND balance IS NOT NULL ORDER BY balance_date DESC, created_at DESC LIMIT 1) AS balance,
                  (SELECT balance_date FROM statement_imports WHERE account_id = $1 AND balance IS NOT NULL ORDER BY balance_date DESC, created_at DESC LIMIT 1) AS balance_date) b
     WHERE a.id = $1`,
    [account.id],
  );
  await manager.query(`UPDATE plaid_items SET last_synced_at = (SELECT max(created_at) FROM statement_imports WHERE item_id = $1), updated_at = now() WHERE id = $1`, [account.item_id]);
}

function toImportDto(row: ImportRow): StatementImportDto {
  return {
    id: row.id,
    account_id: row.account_id,
    account_name: row.account_name,
    file_name: row.file_name,
    format: row.format,
    added: Number(row.added),
    already: Number(row.already),
    first_date: row.first_date,
    last_date: row.last_date,
    created_at: new Date(row.created_at).toISOString(),
  };
}
