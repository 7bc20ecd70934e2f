import { parse as parseCsv, CsvError } from 'csv-parse/sync';
import {
  CSV_PRESETS,
  STATEMENT_LIMITS,
  csvPresetMapping,
  STATEMENT_MESSAGES,
  type CsvDateFormat,
  type CsvMapping,
  type CsvMappingDraft,
  type CsvPreset,
} from '@paycadence/contracts';
import { StatementFileError } from '../statement-file-error.js';
import type { StatementTransaction } from './statement.js';
import { dateInRange, parseAmount, parseCsvDate, possibleDateFormats } from './values.js';

/** The file as rows of cells, with each row's line number in the file (a quoted cell may span lines). */
export interface CsvTable {
  rows: string[][];
  lines: number[];
}

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter the first line uses most, outside quotes: banks in most countries write ',', some ';' or tabs. */
function sniffDelimiter(text: string): string {
  const firstLine = text.slice(0, 4096).split(/\r?\n/, 1)[0] ?? '';
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const char of firstLine) {
      if (char === '"') quoted = !quoted;
      else if (!quoted && char === delimiter) count += 1;
    }
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

/** csv-parse reads the cells (quotes, escaped quotes, line breaks inside quotes); a broken quote names its line. */
export function readCsvTable(text: string): CsvTable {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      delimiter: sniffDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0) || 1;
      throw new StatementFileError(STATEMENT_MESSAGES.malformedCsv(line, error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quote is never closed' : 'the row is not valid CSV'));
    }
    throw error;
  }
  const rows = records.map(({ record }) => record.map((cell) => cell.trim()));
  if (rows.length === 0) throw new StatementFileError(STATEMENT_MESSAGES.emptyFile);
  return { rows, lines: records.map(({ info }) => info.lines) };
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9#]/g, '');

/** The row (among the first 50) that is this preset's header, or -1. */
function presetHeaderRow(preset: CsvPreset, rows: string[][]): number {
  if (!preset.header) return -1;
  const wanted = preset.header.map(normalise);
  for (let index = 0; index < Math.min(rows.length, 50); index += 1) {
    const row = rows[index]!;
    if (row.length >= wanted.length && wanted.every((name, i) => normalise(row[i] ?? '') === name)) return index;
  }
  return -1;
}

/** Wells Fargo's download has no header: five columns, the third always '*'. */
function fitsHeaderless(preset: CsvPreset, rows: string[][]): boolean {
  if (preset.header || !preset.headerless) return false;
  const sample = rows.slice(0, 20);
  return sample.every((row) => row.length === preset.headerless && row[2] === '*' && parseAmount(row[preset.columns.amount ?? 1] ?? '') !== null);
}

/** The bank preset this file is, by its header row (or headerless shape). */
export function matchPreset(table: CsvTable): { preset: CsvPreset; mapping: CsvMapping } | null {
  for (const preset of CSV_PRESETS) {
    const headerRow = presetHeaderRow(preset, table.rows);
    if (headerRow >= 0) return { preset, mapping: csvPresetMapping(preset, headerRow) };
    if (fitsHeaderless(preset, table.rows)) return { preset, mapping: csvPresetMapping(preset, 0) };
  }
  return null;
}

const HEADER_WORDS = {
  date: /date|posted/,
  description: /description|payee|name|merchant|details|memo|narrative/,
  amount: /amount|value/,
  debit: /debit|withdrawal|moneyout|paidout/,
  credit: /credit|deposit|moneyin|paidin/,
  balance: /balance|runningbal/,
};

/**
 * A mapping for a file no preset knows: the header row's names where they say it ('Date', 'Description', 'Amount',
 * 'Debit'/'Credit', 'Balance'), else the columns' contents (the one all of whose cells are dates, the longest text, the
 * numbers). What cannot be told stays null for the person to choose; the date format is set only when the file's
 * dates fit exactly one.
 */
export function detectMapping(table: CsvTable): CsvMappingDraft {
  const first = table.rows[0] ?? [];
  const looksLikeHeader = first.every((cell) => parseAmount(cell) === null && possibleDateFormats([cell]).length === 0);
  const data = table.rows.slice(looksLikeHeader ? 1 : 0, 200);
  const width = Math.max(0, ...table.rows.slice(0, 50).map((row) => row.length));
  const names = looksLikeHeader ? first.map(normalise) : [];
  const byName = (pattern: RegExp, exclude: (number | null)[] = []) => {
    const index = names.findIndex((name, i) => pattern.test(name) && !exclude.includes(i));
    return index >= 0 ? index : null;
  };
  const cellsOf = (column: number) => data.map((row) => row[column] ?? '').filter((cell) => cell !== '');
  const dateColumns = [...Array(width).keys()].filter((i) => cellsOf(i).length > 0 && possibleDateFormats(cellsOf(i)).length > 0);
  const date = byName(HEADER_WORDS.date) !== null && dateColumns.includes(byName(HEADER_WORDS.date)!) ? byName(HEADER_WORDS.date) : (dateColumns[0] ?? null);
  const numeric = [...Array(width).keys()].filter((i) => i !== date && cellsOf(i).length > 0 && cellsOf(i).every((cell) => parseAmount(cell) !== null));
  const debit = byName(HEADER_WORDS.debit);
  const credit = byName(HEADER_WORDS.credit, [debit]);
  const split = debit !== null && credit !== null && byName(HEADER_WORDS.amount) === null;
  const balance = byName(HEADER_WORDS.balance);
  const amount = split ? null : (byName(HEADER_WORDS.amount, [balance]) ?? numeric.find((i) => i !== balance) ?? null);
  const textColumns = [...Array(width).keys()].filter((i) => i !== date && !numeric.includes(i));
  const longest = textColumns.sort((a, b) => averageLength(cellsOf(b)) - averageLength(cellsOf(a)))[0] ?? null;
  const description = byName(HEADER_WORDS.description) ?? longest;
  const formats = date === null ? [] : possibleDateFormats(cellsOf(date));
  return {
    header_row: looksLikeHeader,
    skip_rows: 0,
    date,
    description,
    amount,
    debit: split ? debit : null,
    credit: split ? credit : null,
    balance,
    date_format: formats.length === 1 ? formats[0]! : null,
    sign: split ? 'debit_credit' : 'out_negative',
  };
}

const averageLength = (cells: string[]) => (cells.length ? cells.reduce((sum, cell) => sum + cell.length, 0) / cells.length : 0);

/** The rows holding transactions under a mapping (summary block and header skipped). */
export function dataRows(table: CsvTable, mapping: Pick<CsvMapping, 'skip_rows' | 'header_row'>): { row: string[]; line: number }[] {
  const start = mapping.skip_rows + (mapping.header_row ? 1 : 0);
  return table.rows.slice(start).map((row, i) => ({ row, line: table.lines[start + i]! }));
}

/** The column names to show: the header row's, else 'Column 1', 'Column 2'… */
export function columnNames(table: CsvTable, mapping: Pick<CsvMapping, 'skip_rows' | 'header_row'> | null): string[] {
  const width = Math.max(0, ...table.rows.slice(0, 50).map((row) => row.length));
  const header = mapping?.header_row ? table.rows[mapping.skip_rows] : undefined;
  return [...Array(width).keys()].map((i) => header?.[i] || `Column ${i + 1}`);
}

/** Date formats every date cell of the mapping's date column fits. */
export function dateFormatsOf(table: CsvTable, mapping: CsvMappingDraft): CsvDateFormat[] {
  if (mapping.date === null) return [];
  return possibleDateFormats(dataRows(table, mapping).map(({ row }) => row[mapping.date!] ?? '').filter((cell) => cell !== ''));
}

/**
 * The file's transactions under a complete mapping, in the product's sign. Every row must read: a date in the format
 * (and between 1990 and tomorrow), an amount (or a debit or credit); the first that does not refuses the whole file
 * with its line. Rows with no amount at all (a footer, a blank separator, an opening balance) are skipped.
 */
export function applyMapping(table: CsvTable, mapping: CsvMapping, today: string): StatementTransaction[] {
  const result: StatementTransaction[] = [];
  for (const { row, line } of dataRows(table, mapping)) {
    const cell = (column: number | null) => (column === null ? '' : (row[column] ?? ''));
    const rawDate = cell(mapping.date);
    const rawAmount = mapping.sign === 'debit_credit' ? `${cell(mapping.debit)}${cell(mapping.credit)}` : cell(mapping.amount);
    // No money moved: a blank separator, a footer, an opening-balance line (Bank of America writes one).
    if (!rawAmount) continue;
    const date = parseCsvDate(rawDate, mapping.date_format);
    if (!date) throw new StatementFileError(STATEMENT_MESSAGES.badDate(line, rawDate));
    if (!dateInRange(date, today)) throw new StatementFileError(STATEMENT_MESSAGES.dateOutOfRange(line, date));
    const amount = amountOf(mapping, cell, line);
    const balanceCell = cell(mapping.balance);
    result.push({
      fileId: null,
      date,
      description: cell(mapping.description).replace(/\s+/g, ' '),
      amount,
      line,
      balance: balanceCell ? parseAmount(balanceCell) : null,
    });
  }
  if (result.length === 0) throw new StatementFileError(STATEMENT_MESSAGES.noTransactions);
  return result;
}

function amountOf(mapping: CsvMapping, cell: (column: number | null) => string, line: number): number {
  if (mapping.sign !== 'debit_credit') {
    const raw = cell(mapping.amount);
    const value = parseAmount(raw);
    if (value === null) throw new StatementFileError(STATEMENT_MESSAGES.badAmount(line, raw));
    const out = mapping.sign === 'out_negative' ? -value : value;
    return out === 0 ? 0 : out;
  }
  const [debitRaw, creditRaw] = [cell(mapping.debit), cell(mapping.credit)];
  const debit = debitRaw ? parseAmount(debitRaw) : 0;
  if (debit === null) throw new StatementFileError(STATEMENT_MESSAGES.badAmount(line, debitRaw));
  const credit = creditRaw ? parseAmount(creditRaw) : 0;
  if (credit === null) throw new StatementFileError(STATEMENT_MESSAGES.badAmount(line, creditRaw));
  // Some banks write a debit as negative in its own column: money out is its size either way.
  return Math.round((Math.abs(debit) - Math.abs(credit)) * 100) / 100;
}

/** Previewed rows of the file as it is, before any mapping. */
export const firstRows = (table: CsvTable) => table.rows.slice(0, STATEMENT_LIMITS.previewRows);
