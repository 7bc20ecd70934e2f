import { createHash } from 'node:crypto';
import {
  CsvMappingSchema,
  STATEMENT_MESSAGES,
  csvPresetById,
  type CsvMapping,
  type CsvMappingDraft,
  type FileAccountType,
  type StatementFormat,
} from '@paycadence/contracts';
import { StatementFileError } from './statement-file-error.js';
import { applyMapping, columnNames, dateFormatsOf, detectMapping, firstRows, matchPreset, readCsvTable, type CsvTable } from './parse/csv-statement.js';
import { decodeStatementFile } from './parse/file-kind.js';
import { readOfx } from './parse/ofx-statement.js';
import type { StatementTransaction } from './parse/statement.js';
import { dateInRange } from './parse/values.js';

/** A transaction with the id it is stored under: unique per account, the same every time the same file is read. */
export interface KeyedTransaction extends StatementTransaction {
  key: string;
}

export interface ReadStatement {
  format: StatementFormat;
  institutionName: string | null;
  accountType: FileAccountType | null;
  /** sha-256 of the bank's account number (OFX), to find the file account an earlier file of it went into. */
  accountDigest: string | null;
  mask: string | null;
  balance: number | null;
  balanceDate: string | null;
  csv: { table: CsvTable; mapping: CsvMappingDraft; preset: string | null } | null;
  /** Null while a CSV mapping is incomplete; `problem` then says what is missing or wrong. */
  transactions: KeyedTransaction[] | null;
  problem: string | null;
}

export interface ReadOptions {
  today: string;
  /** The mapping the person chose, else the account's remembered one (tried only if it reads the file). */
  mapping?: CsvMapping | undefined;
  remembered?: CsvMapping | null | undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * A CSV row has no id of its own: it is keyed by a fingerprint of its date, amount and description, and a
 * count for true duplicates (two identical coffees on one day are the 1st and 2nd of that fingerprint in the file).
 * The same rows of an overlapping download get the same keys, so they are not stored twice; a description the bank
 * edited between two downloads is a new fingerprint (docs/statement-files.md).
 */
export function fingerprintRows(rows: readonly StatementTransaction[]): KeyedTransaction[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = digest(`${row.date}|${Math.round(row.amount * 100)}|${row.description.toLowerCase()}`);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return { ...row, key: `csv:${base}:${occurrence}` };
  });
}

/** The newest row's balance: the first of the newest day in a newest-first file, the last in an oldest-first one. */
function newestBalance(rows: readonly StatementTransaction[]): { balance: number | null; balanceDate: string | null } {
  const withBalance = rows.filter((row) => row.balance !== null);
  if (withBalance.length === 0) return { balance: null, balanceDate: null };
  const newestFirst = withBalance[0]!.date > withBalance[withBalance.length - 1]!.date;
  const newestDate = withBalance.reduce((max, row) => (row.date > max ? row.date : max), withBalance[0]!.date);
  const onNewest = withBalance.filter((row) => row.date === newestDate);
  const row = newestFirst ? onNewest[0]! : onNewest[onNewest.length - 1]!;
  return { balance: row.balance, balanceDate: row.date };
}

function readCsv(text: string, options: ReadOptions): ReadStatement {
  const table = readCsvTable(text);
  const matched = matchPreset(table);
  const rememberedFits = options.remembered && !options.mapping ? tryApply(table, options.remembered, options.today) : null;
  const mapping: CsvMappingDraft = options.mapping ?? (rememberedFits ? options.remembered! : (matched?.mapping ?? detectMapping(table)));
  const preset = options.mapping ? null : rememberedFits ? null : (matched?.preset.id ?? null);
  const complete = CsvMappingSchema.safeParse(mapping);
  let transactions: KeyedTransaction[] | null = null;
  let problem: string | null = null;
  if (!complete.success) {
    problem = mapping.date !== null && mapping.date_format === null && dateFormatsOf(table, mapping).length > 1 ? STATEMENT_MESSAGES.ambiguousDates : STATEMENT_MESSAGES.unmappable;
  } else {
    try {
      transactions = fingerprintRows(applyMapping(table, complete.data, options.today));
    } catch (error) {
      if (!(error instanceof StatementFileError)) throw error;
      problem = error.message;
    }
  }
  const { balance, balanceDate } = transactions ? newestBalance(transactions) : { balance: null, balanceDate: null };
  const presetType = csvPresetById(preset)?.account_type ?? null;
  return {
    format: 'csv',
    institutionName: null,
    accountType: presetType,
    accountDigest: null,
    mask: null,
    balance,
    balanceDate,
    csv: { table, mapping, preset },
    transactions,
    problem,
  };
}

function tryApply(table: CsvTable, mapping: CsvMapping, today: string): boolean {
  try {
    applyMapping(table, mapping, today);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads an uploaded file as far as it can be read. A file that is no statement, or an OFX file that does not parse,
 * throws (StatementFileError); a CSV whose mapping is incomplete or does not fit answers with `problem` instead, so the
 * person can fix the mapping on the preview.
 */
export function readStatement(bytes: Uint8Array, fileName: string, options: ReadOptions): ReadStatement {
  const decoded = decodeStatementFile(bytes, fileName);
  if (decoded.format === 'csv') return readCsv(decoded.text, options);
  const ofx = readOfx(decoded.text, decoded.format);
  for (const row of ofx.transactions) {
    if (!dateInRange(row.date, options.today)) throw new StatementFileError(STATEMENT_MESSAGES.malformedOfx(`STMTTRN ${row.line}, ${row.date} is in the future or before 1990`));
  }
  if (ofx.transactions.length === 0) throw new StatementFileError(STATEMENT_MESSAGES.noTransactions);
  return {
    format: ofx.format,
    institutionName: ofx.institutionName,
    accountType: ofx.accountType,
    accountDigest: ofx.accountNumber ? digest(`ofx-account:${ofx.accountNumber}`) : null,
    mask: ofx.accountNumber ? ofx.accountNumber.slice(-4) : null,
    balance: ofx.balance,
    balanceDate: ofx.balanceDate,
    csv: null,
    transactions: ofx.transactions.map((row) => ({ ...row, key: row.fileId! })),
    problem: null,
  };
}

/** What the preview shows of a CSV: column names and the first rows as the file has them. */
export const csvPreviewOf = (csv: NonNullable<ReadStatement['csv']>) => ({
  columns: columnNames(csv.table, csv.mapping),
  rows: firstRows(csv.table),
  mapping: csv.mapping,
  preset: csv.preset,
  date_formats: dateFormatsOf(csv.table, csv.mapping),
});
