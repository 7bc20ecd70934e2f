import { parse as parseOfx } from '@f-o-t/ofx';
import { STATEMENT_MESSAGES, type FileAccountType } from '@paycadence/contracts';
import { StatementFileError } from '../statement-file-error.js';
import type { ParsedOfx, StatementTransaction } from './statement.js';
import { parseAmount } from './values.js';

type OfxDate = { year: number; month: number; day: number } | undefined;
type Loose = Record<string, unknown>;

const iso = (date: OfxDate): string | null =>
  date && Number.isInteger(date.year) && Number.isInteger(date.month) && Number.isInteger(date.day)
    ? `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
    : null;

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** OFX ACCTTYPE (bank statements) → the file account kinds; a credit-card statement is always a card. */
const ACCOUNT_TYPES: Record<string, FileAccountType> = { CHECKING: 'checking', SAVINGS: 'savings', MONEYMRKT: 'savings', CREDITLINE: 'credit_card' };

/** Where in the OFX tree a parse failure is, as the person can find it in the file ('STMTTRN 3, TRNAMT'). */
function elementPath(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (const key of path) {
    if (typeof key === 'number') parts[parts.length - 1] = `${parts[parts.length - 1]} ${key + 1}`;
    else parts.push(String(key));
  }
  return parts.slice(-2).join(', ');
}

interface ShapeIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  errors?: ShapeIssue[][];
}

/**
 * The first thing wrong, as deep as the parser's check says it ('BANKTRANLIST, DTEND is missing'): a statement
 * that could be a bank's or a list of them reports both readings, and the first names the element.
 */
function describeIssue(issue: ShapeIssue | undefined, prefix: readonly PropertyKey[] = []): string {
  if (!issue) return 'the <OFX> element is missing';
  const path = [...prefix, ...issue.path];
  const inner = issue.code === 'invalid_union' ? issue.errors?.[0]?.[0] : undefined;
  if (inner) return describeIssue(inner, path);
  if (path.length === 0) return 'the <OFX> element is missing';
  return `${elementPath(path)} is ${issue.message.endsWith('received undefined') ? 'missing' : 'not valid'}`;
}

/**
 * The text of every `<name>` element, in file order, as written: the parser reads TRNAMT with parseFloat, which
 * takes '21OO.00' for 21, and a statement's amounts are read strictly (parseAmount) or not at all.
 */
function elementTexts(text: string, name: string): string[] {
  const open = `<${name}>`;
  const values: string[] = [];
  for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + open.length)) {
    const start = at + open.length;
    let end = start;
    while (end < text.length && text[end] !== '<' && text[end] !== '\n' && text[end] !== '\r') end += 1;
    values.push(text.slice(start, end).trim());
  }
  return values;
}

/**
 * An OFX 1.x (SGML), 2.x (XML) or QFX file through @f-o-t/ofx, which reads both (closing tags optional) with a linear
 * tag scan and checks the tree's shape. One account per file: a file holding several is refused with words (the
 * person downloads one account at a time). OFX amounts are from the holder's side (negative: money out, on a card
 * too), so the product's sign is the opposite. A card's ledger balance is negative when money is owed, which the
 * product shows as a positive balance owed, as Plaid does.
 */
export function readOfx(text: string, format: 'ofx' | 'qfx'): ParsedOfx {
  const result = parseOfx(text);
  if (!result.success) throw new StatementFileError(STATEMENT_MESSAGES.malformedOfx(describeIssue(result.error.issues[0])));
  const ofx = result.data.OFX as Loose;
  const bank = asArray((ofx.BANKMSGSRSV1 as Loose | undefined)?.STMTTRNRS as Loose | Loose[] | undefined).map((r) => ({ statement: r.STMTRS as Loose | undefined, card: false }));
  const cards = asArray((ofx.CREDITCARDMSGSRSV1 as Loose | undefined)?.CCSTMTTRNRS as Loose | Loose[] | undefined).map((r) => ({ statement: r.CCSTMTRS as Loose | undefined, card: true }));
  const statements = [...bank, ...cards].filter((s) => s.statement);
  if (statements.length === 0) throw new StatementFileError(STATEMENT_MESSAGES.noTransactions);
  if (statements.length > 1) throw new StatementFileError(STATEMENT_MESSAGES.severalAccounts);
  const { statement, card } = statements[0]!;
  const from = (card ? statement!.CCACCTFROM : statement!.BANKACCTFROM) as Loose | undefined;
  const rows = asArray((statement!.BANKTRANLIST as Loose | undefined)?.STMTTRN as Loose | Loose[] | undefined);
  const amounts = elementTexts(text, 'TRNAMT');
  if (amounts.length !== rows.length) throw new StatementFileError(STATEMENT_MESSAGES.malformedOfx('every STMTTRN needs one TRNAMT'));
  const transactions: StatementTransaction[] = rows.map((row, index) => {
    const where = `STMTTRN ${index + 1}`;
    const amount = parseAmount(amounts[index]!);
    if (amount === null) throw new StatementFileError(STATEMENT_MESSAGES.malformedOfx(`${where}, TRNAMT “${amounts[index]}” is not an amount`));
    const date = iso(row.DTPOSTED as OfxDate);
    if (!date) throw new StatementFileError(STATEMENT_MESSAGES.malformedOfx(`${where}, DTPOSTED is not a date`));
    const payee = (row.PAYEE as Loose | undefined)?.NAME;
    const description = String(row.NAME ?? payee ?? row.MEMO ?? '').trim();
    return { fileId: `ofx:${String(row.FITID)}`, date, description, amount: amount === 0 ? 0 : -amount, line: index + 1, balance: null };
  });
  const ledger = statement!.LEDGERBAL as Loose | undefined;
  const balanceAmount = ledger && typeof ledger.BALAMT === 'number' && Number.isFinite(ledger.BALAMT) ? ledger.BALAMT : null;
  const signOn = (ofx.SIGNONMSGSRSV1 as Loose | undefined)?.SONRS as Loose | undefined;
  const institution = String((signOn?.FI as Loose | undefined)?.ORG ?? '').trim();
  const accountNumber = String(from?.ACCTID ?? '').trim();
  return {
    format,
    institutionName: institution || null,
    accountType: card ? 'credit_card' : (ACCOUNT_TYPES[String(from?.ACCTTYPE ?? '').toUpperCase()] ?? null),
    accountNumber: accountNumber || null,
    balance: balanceAmount === null ? null : card ? -balanceAmount : balanceAmount,
    balanceDate: iso(ledger?.DTASOF as OfxDate),
    transactions,
  };
}
