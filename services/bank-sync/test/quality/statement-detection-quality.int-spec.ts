import { readStatement } from '../../src/statements/statement-reader';
import { generateUsers, scoreDetection, type GeneratedUser, type QualityFigures } from './detection-quality';

/**
 * Detection on statement files against the same truth as on linked data (detection-quality.int-spec.ts): each
 * generated user's two years, per account, written as the CSV a bank's website gives (Chase's layout: posting date,
 * description, amount with money out negative) and read back through the import's own reader. A file carries no
 * merchant name and no category, so what detection has is the bank's description, the date and the amount.
 * No database: runs in seconds.
 */
let users: GeneratedUser[];
let fromFiles: GeneratedUser[];
beforeAll(() => {
  users = generateUsers(60);
  fromFiles = users.map(throughStatementFile);
});

const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The user's rows as they come back from one CSV file per account, newest first as banks write them. */
function throughStatementFile(user: GeneratedUser): GeneratedUser {
  const byAccount = new Map<string, GeneratedUser['transactions']>();
  for (const row of user.transactions) byAccount.set(row[1], [...(byAccount.get(row[1]) ?? []), row]);
  const rows: GeneratedUser['transactions'] = [];
  for (const [accountId, list] of byAccount) {
    const newestFirst = [...list].sort((a, b) => (a[2] < b[2] ? 1 : a[2] > b[2] ? -1 : 0));
    const csv = ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #']
      .concat(newestFirst.map(([, , date, amount, name]) => `${amount > 0 ? 'DEBIT' : 'CREDIT'},${usDate(date)},${csvCell(name)},${(-amount).toFixed(2)},,,`))
      .join('\n');
    const read = readStatement(Buffer.from(csv), 'statement.csv', { today: user.endDate });
    if (!read.transactions) throw new Error(`${user.seed}: ${read.problem}`);
    // The reader keeps the file's order, so each row is still the generated transaction it was written from.
    read.transactions.forEach((row, index) => {
      const original = newestFirst[index]!;
      rows.push([original[0], accountId, row.date, row.amount, row.description, null, [], []]);
    });
  }
  return { ...user, transactions: rows };
}

const summary = ({ misses: _m, falseAlarms: _f, ...table }: QualityFigures) => table;

describe('recurring detection on imported statement files', () => {
  it('finds bills and income at least as well as on linked data, from a file’s date, amount and description alone', () => {
    const linked = scoreDetection(users, { categories: 'personal' });
    const files = scoreDetection(fromFiles, { categories: 'personal' });
    console.log(`Detection quality, linked data vs statement files\n${JSON.stringify({ linked: summary(linked), files: summary(files) }, null, 2)}`);
    expect(files.transactions).toBe(linked.transactions);
    expect(files.billPrecision).toBeGreaterThanOrEqual(linked.billPrecision);
    expect(files.billRecall).toBeGreaterThanOrEqual(linked.billRecall);
    expect(files.incomePrecision).toBeGreaterThanOrEqual(linked.incomePrecision);
    expect(files.incomeRecall).toBeGreaterThanOrEqual(linked.incomeRecall);
    expect(files.nextDateWithin2Days).toBeGreaterThanOrEqual(linked.nextDateWithin2Days);
  }, 120_000);

  it('and on rougher data (missing, moved and doubled occurrences) too', () => {
    const linked = scoreDetection(users, { perturb: true });
    const files = scoreDetection(fromFiles, { perturb: true });
    console.log(`Perturbed, linked data vs statement files\n${JSON.stringify({ linked: summary(linked), files: summary(files) }, null, 2)}`);
    expect(files.billPrecision).toBeGreaterThanOrEqual(linked.billPrecision);
    expect(files.billRecall).toBeGreaterThanOrEqual(linked.billRecall);
    expect(files.incomePrecision).toBeGreaterThanOrEqual(linked.incomePrecision);
    expect(files.incomeRecall).toBeGreaterThanOrEqual(linked.incomeRecall);
  }, 120_000);
});
