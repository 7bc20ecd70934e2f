import { dateInRange, parseAmount, parseCsvDate, possibleDateFormats } from './values';

describe('parseAmount: what banks write, strictly', () => {
  it.each([
    ['1,234.56', 1234.56],
    ['-12.00', -12],
    ['(12.00)', -12],
    ['$1,000', 1000],
    ['-$5.5', -5.5],
    ['12.00-', -12],
    ['+3', 3],
    ['.99', 0.99],
    ['0.00', 0],
    ['  42.10  ', 42.1],
  ])('%s → %s', (cell, value) => expect(parseAmount(cell)).toBe(value));

  it.each(['', 'twelve', '21OO.00', '1.2.3', '1,23.00', '12.345', '--5', '$', '1e5', '0x10', 'NaN', 'Infinity', '12,000,00'])('%j is not an amount', (cell) =>
    expect(parseAmount(cell)).toBeNull(),
  );
});

describe('parseCsvDate', () => {
  it.each([
    ['03/04/2026', 'MM/DD/YYYY', '2026-03-04'],
    ['3/4/2026', 'MM/DD/YYYY', '2026-03-04'],
    ['03/04/26', 'MM/DD/YYYY', '2026-03-04'],
    ['03/04/2026', 'DD/MM/YYYY', '2026-04-03'],
    ['25.02.2026', 'DD/MM/YYYY', '2026-02-25'],
    ['2026-03-04', 'YYYY-MM-DD', '2026-03-04'],
    ['2026-03-04 00:00:00', 'YYYY-MM-DD', '2026-03-04'],
    ['01/05/2026 12:31 PM', 'MM/DD/YYYY', '2026-01-05'],
  ] as const)('%s in %s → %s', (cell, format, iso) => expect(parseCsvDate(cell, format)).toBe(iso));

  it.each([
    ['13/01/2026', 'MM/DD/YYYY'],
    ['02/30/2026', 'MM/DD/YYYY'],
    ['2026-03-04', 'MM/DD/YYYY'],
    ['03/04/2026', 'YYYY-MM-DD'],
    ['yesterday', 'MM/DD/YYYY'],
    ['', 'DD/MM/YYYY'],
  ] as const)('%j is no date in %s', (cell, format) => expect(parseCsvDate(cell, format)).toBeNull());

  it('tells which formats a column fits: both for days up to 12, one once a day passes 12', () => {
    expect(possibleDateFormats(['01/02/2026', '02/03/2026'])).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY']);
    expect(possibleDateFormats(['01/02/2026', '02/13/2026'])).toEqual(['MM/DD/YYYY']);
    expect(possibleDateFormats(['2026-02-01'])).toEqual(['YYYY-MM-DD']);
    expect(possibleDateFormats([])).toEqual([]);
  });

  it('believes dates from 1990 to tomorrow', () => {
    expect(dateInRange('1990-01-01', '2026-03-10')).toBe(true);
    expect(dateInRange('1989-12-31', '2026-03-10')).toBe(false);
    expect(dateInRange('2026-03-11', '2026-03-10')).toBe(true);
    expect(dateInRange('2026-03-12', '2026-03-10')).toBe(false);
  });
});
