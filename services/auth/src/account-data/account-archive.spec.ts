import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { accountArchive, csvCell, csvFileName, tableCsv } from './account-archive.js';

describe('csvCell (spreadsheet formula injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+1+1', `'+1+1`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
  ])('neutralises %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves plain numbers, ordinary text, nulls and JSON values readable', () => {
    expect(csvCell('-45.00')).toBe('-45.00');
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell('Rent')).toBe('Rent');
    expect(csvCell(null)).toBe('');
    expect(csvCell(['a', 'b'])).toBe('["a","b"]');
    expect(csvCell(true)).toBe('true');
  });
});

describe('tableCsv', () => {
  it('quotes commas, quotes and line breaks so a CSV parser reads back the same cells', () => {
    const rows = [
      { name: 'Rent, flat "A"', note: 'line one\nline two', amount: '1200.00' },
      { name: '=cmd|calc', extra: 'only here' },
    ];
    const csv = tableCsv(rows);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = parse(csv, { bom: true }) as string[][];
    expect(parsed).toEqual([
      ['name', 'note', 'amount', 'extra'],
      ['Rent, flat "A"', 'line one\nline two', '1200.00', ''],
      [`'=cmd|calc`, '', '', 'only here'],
    ]);
  });

  it('is empty for a table without rows', () => {
    expect(tableCsv([])).toBe('');
  });
});

describe('accountArchive', () => {
  it('holds data.json with every service and one CSV per table', () => {
    const zip = accountArchive({
      userId: '00000000-0000-4000-8000-000000000001',
      email: 'sam@example.com',
      exportedAt: new Date('2026-11-28T10:00:00Z'),
      services: { finance: { bills: [{ id: 'b1', name: 'Rent' }], savings_goals: [] }, 'bank-sync': { plaid_items: [] } },
    });
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'bank_sync_plaid_items.csv', 'data.json', 'finance_bills.csv', 'finance_savings_goals.csv']);
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data).toMatchObject({ account: { email: 'sam@example.com' }, services: { finance: { bills: [{ name: 'Rent' }] } } });
    expect(strFromU8(files[csvFileName('finance', 'bills')]!)).toContain('b1,Rent');
  });
});
