import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import type { ExportedRow } from '@paycadence/contracts';

/** Everything exported, by service then table (data.json's `services`). */
export type ExportedServices = Record<string, Record<string, ExportedRow[]>>;

export interface ArchiveInput {
  userId: string;
  email: string;
  exportedAt: Date;
  services: ExportedServices;
}

const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);
/** A plain decimal number ("-45.00"): a spreadsheet reads it as a number, never as a formula. Linear. */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * One CSV cell. A text starting with = + - @ (or a tab or carriage return) is prefixed with a single quote, so a
 * spreadsheet shows it as text instead of running it as a formula (OWASP "CSV injection"): a bill named
 * `=HYPERLINK(...)` stays a name. Plain numbers are left alone. Objects and lists are written as JSON.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (text.length > 0 && FORMULA_STARTS.has(text[0]!) && !PLAIN_NUMBER.test(text)) return `'${text}`;
  return text;
}

/** A table as CSV: a header of every column any row has (first-seen order), then one line per row; RFC 4180 quoting. */
export function tableCsv(rows: readonly ExportedRow[]): string {
  const columns: string[] = [];
  for (const row of rows) for (const column of Object.keys(row)) if (!columns.includes(column)) columns.push(column);
  if (columns.length === 0) return '';
  const lines = [columns.map(csvCell), ...rows.map((row) => columns.map((column) => csvCell(row[column])))];
  // A byte-order mark so spreadsheet apps read UTF-8 (names with accents); CRLF lines as RFC 4180 has them.
  return stringify(lines, { record_delimiter: 'windows', bom: true });
}

/** `finance_bills.csv`: service and table, in names any file system keeps. */
export const csvFileName = (service: string, table: string): string => `${service.replace(/-/g, '_')}_${table}.csv`;

const README = `Your PayCadence data

data.json      everything, as one JSON document: "services" holds each part of PayCadence, and each part its tables.
*.csv          the same rows, one spreadsheet per table (service_table.csv), UTF-8.

Passwords, two-factor secrets, backup codes and bank access tokens are never included: only that they exist.
Cells that start with = + - or @ begin with a ' so that a spreadsheet shows them as text.
`;

/** The download: data.json, one CSV per table and a short README, as one .zip. */
export function accountArchive(input: ArchiveInput): Uint8Array {
  const document = {
    format: 'paycadence-export/1',
    exported_at: input.exportedAt.toISOString(),
    account: { id: input.userId, email: input.email },
    services: input.services,
  };
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(README),
    'data.json': strToU8(`${JSON.stringify(document, null, 2)}\n`),
  };
  for (const [service, tables] of Object.entries(input.services)) {
    for (const [table, rows] of Object.entries(tables)) files[csvFileName(service, table)] = strToU8(tableCsv(rows));
  }
  return zipSync(files, { level: 6, mtime: input.exportedAt });
}
