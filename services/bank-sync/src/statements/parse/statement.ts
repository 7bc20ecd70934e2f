import type { FileAccountType, StatementFormat } from '@paycadence/contracts';

/** One transaction read from a file. `amount` is in the product's sign (Plaid's): positive is money out. */
export interface StatementTransaction {
  /** The file's own id of it (`ofx:<FITID>`), or null for a CSV row (the import fingerprints those). */
  fileId: string | null;
  date: string;
  description: string;
  amount: number;
  /** Where it is in the file, for an error to point at: a CSV line number, or the OFX element's position. */
  line: number;
  /** The balance column's value on that row, when the file has one. */
  balance: number | null;
}

/** What an OFX or QFX file says about itself besides its transactions. */
export interface StatementAccountInfo {
  institutionName: string | null;
  accountType: FileAccountType | null;
  /** The bank's account number as written in the file; only its digest and last four are ever stored. */
  accountNumber: string | null;
  balance: number | null;
  balanceDate: string | null;
}

export interface ParsedOfx extends StatementAccountInfo {
  format: Extract<StatementFormat, 'ofx' | 'qfx'>;
  transactions: StatementTransaction[];
}
