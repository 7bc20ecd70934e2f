import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STATEMENT_MESSAGES, type CsvMapping } from '@paycadence/contracts';
import { fingerprintRows, readStatement, type ReadStatement } from './statement-reader';
import { StatementFileError } from './statement-file-error';

// Fixture files written from the OFX specification (1.0.2 SGML, 2.2 XML, Quicken's QFX) and the banks' own
// descriptions of their CSV downloads: test/fixtures/statements.
const FIXTURES = path.join(__dirname, '../../test/fixtures/statements');
const TODAY = '2026-03-10';
const file = (name: string) => readFileSync(path.join(FIXTURES, name));
const read = (name: string, mapping?: CsvMapping) => readStatement(file(name), name, { today: TODAY, mapping });
const refusal = (name: string, mapping?: CsvMapping): StatementFileError => {
  try {
    read(name, mapping);
  } catch (error) {
    if (error instanceof StatementFileError) return error;
    throw error;
  }
  throw new Error(`${name} was read`);
};
const rows = (statement: ReadStatement) => statement.transactions!.map(({ date, description, amount }) => [date, description, amount]);

describe('OFX and QFX files', () => {
  it('reads OFX 1.x (SGML, Windows-1252, closing tags left out): the account, its ledger balance, money out positive', () => {
    const statement = read('ofx1-checking.ofx');
    expect(statement).toMatchObject({ format: 'ofx', institutionName: 'Maple Valley Credit Union', accountType: 'checking', mask: '1234', balance: 3820.25, balanceDate: '2026-03-09' });
    expect(statement.transactions).toHaveLength(9);
    expect(rows(statement).slice(0, 3)).toEqual([
      ['2026-01-02', 'OAKWOOD APTS & MGMT', 1450],
      ['2026-01-09', 'ACME SCHOOL DIST PAYROLL', -2100],
      ['2026-01-12', 'CAFÉ ROYAL', 4.75],
    ]);
    expect(statement.transactions![0]!.key).toBe('ofx:202601020001');
    // The account number is never kept as it is: only a digest (to find the account again) and the last four.
    expect(JSON.stringify(statement)).not.toContain('0004567891234');
  });

  it('reads OFX 2.x (XML) credit-card statements: a card, and the balance owed as a positive figure', () => {
    const statement = read('ofx2-card.ofx');
    expect(statement).toMatchObject({ format: 'ofx', institutionName: 'Harbor Card Services', accountType: 'credit_card', mask: '9876', balance: 246.47 });
    expect(rows(statement)).toEqual([
      ['2026-01-05', 'NETFLIX.COM', 15.49],
      ['2026-02-05', 'NETFLIX.COM', 15.49],
      ['2026-02-10', 'PAYMENT THANK YOU', -200],
      ['2026-03-05', 'NETFLIX.COM', 15.49],
    ]);
  });

  it('reads QFX (OFX with Quicken’s own elements) on one line, and tells it from OFX by its name', () => {
    const statement = read('quicken.qfx');
    expect(statement).toMatchObject({ format: 'qfx', accountType: 'savings', balance: 5120.8 });
    expect(rows(statement)).toEqual([
      ['2026-02-28', 'INTEREST PAID', -3.12],
      ['2026-03-01', 'TRANSFER TO CHECKING', 250],
    ]);
  });

  it.each([
    ['entities.ofx', STATEMENT_MESSAGES.entitiesRefused],
    ['bad-amount.ofx', STATEMENT_MESSAGES.malformedOfx('STMTTRN 2, TRNAMT “21OO.00” is not an amount')],
  ])('refuses %s with where and why', (name, message) => {
    expect(refusal(name).message).toBe(message);
  });

  it('refuses an OFX file whose shape is wrong, naming the element', () => {
    expect(refusal('malformed.ofx').message).toMatch(/^This OFX file could not be read: .+\.$/);
  });
});

describe('CSV files: each bank’s layout found by its preset', () => {
  it.each([
    ['chase-checking.csv', 'chase-checking', 'checking', ['2026-03-02', 'OAKWOOD APTS ACH PMT', 1450], 2370.25],
    ['chase-card.csv', 'chase-card', 'credit_card', ['2026-03-05', 'SPOTIFY USA', 11.99], null],
    ['bank-of-america.csv', 'bank-of-america', 'checking', ['2026-01-02', 'CITY WATER UTIL DES:BILL PAY', 45.1], 2829.75],
    ['wells-fargo.csv', 'wells-fargo', 'checking', ['2026-01-15', 'COMCAST CABLE COMM 800-266-2278', 89.99], null],
    ['capital-one.csv', 'capital-one', 'credit_card', ['2026-03-03', 'PROGRESSIVE INSURANCE', 112.4], null],
    ['citi.csv', 'citi', 'credit_card', ['2026-03-07', 'PLANET FITNESS', 24.99], null],
    ['amex.csv', 'amex', 'credit_card', ['2026-03-04', 'AMAZON PRIME*2K4', 14.99], null],
    ['discover.csv', 'discover', 'credit_card', ['2026-03-01', 'GEICO *AUTO', 98.2], null],
    ['us-bank.csv', 'us-bank', 'checking', ['2026-03-03', 'XCEL ENERGY', 76.45], null],
  ])('%s: preset %s, a %s, money out positive, the newest balance', (name, preset, type, first, balance) => {
    const statement = read(name);
    expect(statement.problem).toBeNull();
    expect(statement.csv!.preset).toBe(preset);
    expect(statement.accountType).toBe(type);
    expect(rows(statement)).toContainEqual(first);
    expect(statement.balance).toBe(balance);
    // Every file has money in as well as out: the sign convention is right for both.
    expect(statement.transactions!.some((row) => row.amount < 0)).toBe(true);
  });

  it('skips Bank of America’s summary block and its opening-balance row (no amount)', () => {
    const statement = read('bank-of-america.csv');
    // Six lines above the header, one of them blank (blank lines are no rows).
    expect(statement.csv!.mapping).toMatchObject({ skip_rows: 5, header_row: true });
    expect(statement.transactions).toHaveLength(4);
  });

  it('detects the columns of a file no preset knows, and the day-first dates it can only be', () => {
    const statement = read('day-first.csv');
    expect(statement.csv!.preset).toBeNull();
    expect(statement.csv!.mapping).toMatchObject({ header_row: true, date: 0, description: 1, amount: 2, date_format: 'DD/MM/YYYY', sign: 'out_negative' });
    expect(rows(statement)).toEqual([
      ['2026-01-13', 'CORNER SHOP', 5],
      ['2026-02-14', 'CORNER SHOP', 6.5],
    ]);
  });

  it('asks which date format when every day is 12 or less, and reads the file once told', () => {
    const statement = read('ambiguous-dates.csv');
    expect(statement.transactions).toBeNull();
    expect(statement.problem).toBe(STATEMENT_MESSAGES.ambiguousDates);
    expect(statement.csv!.mapping.date_format).toBeNull();
    const mapping = { ...statement.csv!.mapping, date_format: 'DD/MM/YYYY' } as CsvMapping;
    expect(rows(read('ambiguous-dates.csv', mapping))).toEqual([
      ['2026-02-01', 'CORNER SHOP', 5],
      ['2026-03-02', 'CORNER SHOP', 6.5],
    ]);
  });

  it('keeps cells that look like formulas as the text they are', () => {
    expect(rows(read('formula-cells.csv')).map(([, description]) => description)).toEqual(['=HYPERLINK("http://x.test","click")', '+CMD|calc', '@SUM(A1)', '-MINUS STORE']);
  });

  it.each([
    ['bad-amount.csv', STATEMENT_MESSAGES.badAmount(3, 'twelve')],
    ['future-date.csv', STATEMENT_MESSAGES.dateOutOfRange(3, '2031-03-02')],
    ['before-1990.csv', STATEMENT_MESSAGES.dateOutOfRange(2, '1989-03-01')],
  ])('a row that does not read (%s) is a problem to show, naming its line', (name, problem) => {
    const statement = read(name);
    expect(statement.transactions).toBeNull();
    expect(statement.problem).toBe(problem);
  });

  it('a mapping whose amount column is empty finds no transactions, and says so', () => {
    const mapping: CsvMapping = { header_row: true, skip_rows: 0, date: 0, description: 1, amount: 7, debit: null, credit: null, balance: null, date_format: 'MM/DD/YYYY', sign: 'out_negative' };
    expect(read('amex.csv', mapping).problem).toBe(STATEMENT_MESSAGES.noTransactions);
  });
});

describe('files that are not statements', () => {
  it.each([
    ['empty.csv', STATEMENT_MESSAGES.emptyFile, 400],
    ['statement.pdf', STATEMENT_MESSAGES.wrongType, 415],
    // csv-parse reports where it ran out of file looking for the closing quote.
    ['broken-quote.csv', STATEMENT_MESSAGES.malformedCsv(3, 'a quote is never closed'), 400],
  ])('%s is refused: %s', (name, message, status) => {
    const error = refusal(name);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });
});

describe('fingerprints of CSV rows (nothing twice)', () => {
  const row = (date: string, description: string, amount: number) => ({ fileId: null, date, description, amount, line: 1, balance: null });
  const keys = (...list: ReturnType<typeof row>[]) => fingerprintRows(list).map((r) => r.key);

  it.each([
    ['the same row in two downloads', [row('2026-03-01', 'GROCER', 5)], [row('2026-03-01', 'GROCER', 5)], true],
    ['a description differing only in case', [row('2026-03-01', 'Grocer', 5)], [row('2026-03-01', 'GROCER', 5)], true],
    ['another day', [row('2026-03-01', 'GROCER', 5)], [row('2026-03-02', 'GROCER', 5)], false],
    ['another amount', [row('2026-03-01', 'GROCER', 5)], [row('2026-03-01', 'GROCER', 5.01)], false],
    ['a description the bank edited between downloads (a new transaction to us)', [row('2026-03-01', 'GROCER', 5)], [row('2026-03-01', 'GROCER #12', 5)], false],
  ])('%s: same key %s', (_name, a, b, same) => {
    expect(keys(...a)[0] === keys(...b)[0]).toBe(same);
  });

  it('two identical coffees on one day are two transactions, and an overlapping file finds both again', () => {
    const coffee = row('2026-02-14', 'COFFEE CORNER', 4.75);
    const first = keys(coffee, coffee);
    expect(new Set(first).size).toBe(2);
    // A later download holding the same day and one more: the two coffees keep their keys, one is new.
    const later = keys(row('2026-02-15', 'BAKERY', 3), coffee, coffee);
    expect(later.filter((key) => first.includes(key))).toHaveLength(2);
  });
});
