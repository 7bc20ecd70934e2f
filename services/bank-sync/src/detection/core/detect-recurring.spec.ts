import { dayInMonth, dayNumber, isoDate, shiftOffWeekend, weekday } from './calendar';
import { detectRecurringStreams, type DetectionTransaction } from './detect-recurring';

const CHECKING = 'checking-1';
const CARD = 'card-1';
const RENT = ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'];
const WAGES = ['INCOME', 'INCOME_WAGES'];
const POWER = ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'];

let nextId = 0;
function tx(
  fields: Partial<DetectionTransaction> & Pick<DetectionTransaction, 'date' | 'amount' | 'name'>,
): DetectionTransaction {
  nextId += 1;
  return {
    id: `t${nextId}`,
    accountId: CHECKING,
    merchantName: null,
    categories: [],
    pending: false,
    ...fields,
  };
}

/** The `day`-th of every month from `fromMonth` (YYYY-MM) for `count` months, each moved by `shift`. */
function monthlyDates(
  fromMonth: string,
  count: number,
  day: number,
  shift: (day: number) => number = (d) => d,
): string[] {
  const first = Number(fromMonth.slice(0, 4)) * 12 + Number(fromMonth.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => isoDate(shift(dayInMonth(first + index, day))));
}
const toMonday = (day: number) => shiftOffWeekend(day, 1);
const toFriday = (day: number) => shiftOffWeekend(day, -1);

/** A small seeded generator so the noisy series are the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('detectRecurringStreams', () => {
  it('finds monthly rent that moves to Monday when the 1st is a weekend, and predicts the next Monday-shifted 1st', () => {
    const dates = monthlyDates('2025-01', 12, 1, toMonday);
    expect(dates).toContain('2025-03-03'); // 1 March 2025 was a Saturday
    const streams = detectRecurringStreams(
      dates.map((date) =>
        tx({
          date,
          amount: 1850,
          name: 'OAKWOOD PROPERTY RENT ACH',
          merchantName: 'Oakwood Properties',
          categories: RENT,
        }),
      ),
      '2025-12-20',
    );
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      kind: 'bill',
      direction: 'outflow',
      category: 'rent',
      frequency: 'monthly',
      occurrences: 12,
      averageAmount: 1850,
      lastAmount: 1850,
      priceChanged: false,
      name: 'Oakwood Properties',
      lastDate: '2025-12-01',
      nextDate: '2026-01-01', // a Thursday: no shift
    });
    expect(streams[0].confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('shifts the predicted rent date to Monday when the next 1st is a Saturday', () => {
    expect(weekday(dayNumber('2025-11-01'))).toBe(6);
    const dates = monthlyDates('2025-03', 8, 1, toMonday); // March … October 2025
    const streams = detectRecurringStreams(
      dates.map((date) => tx({ date, amount: 1200, name: 'WEB PMT OAKWOOD PROPERTIES' })),
      '2025-10-20',
    );
    expect(streams[0]).toMatchObject({ category: 'rent', nextDate: '2025-11-03' });
  });

  it('finds a semi-monthly salary paid on the 15th and the last business day (earlier when on a weekend)', () => {
    const dates = [
      ...monthlyDates('2025-01', 12, 15, toFriday),
      ...Array.from({ length: 12 }, (_, index) => isoDate(toFriday(dayInMonth(2025 * 12 + index, 31)))),
    ].sort();
    const streams = detectRecurringStreams(
      dates.map((date, index) =>
        tx({
          date,
          amount: -2450,
          name: `ACME CORP ${index % 5 === 4 ? 'DIR DEP' : 'PAYROLL'} PPD ID: 9100001`,
          categories: WAGES,
        }),
      ),
      '2026-01-05',
    );
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      kind: 'income',
      direction: 'inflow',
      category: 'salary',
      frequency: 'semi-monthly',
      occurrences: 24,
      merchantKey: 'acme',
    });
    expect(streams[0].nextDate).toBe('2026-01-15'); // a Thursday
  });

  it('finds a biweekly paycheck every other Friday and predicts the next Friday', () => {
    const first = dayNumber('2025-01-10');
    expect(weekday(first)).toBe(5);
    const dates = Array.from({ length: 26 }, (_, index) => isoDate(first + index * 14));
    const streams = detectRecurringStreams(
      dates.map((date) => tx({ date, amount: -1875.4, name: 'GLOBEX INC PAYROLL', categories: WAGES })),
      '2026-01-01',
    );
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      frequency: 'biweekly',
      category: 'salary',
      occurrences: 26,
      lastDate: '2025-12-26',
      nextDate: '2026-01-09',
    });
  });

  it("keeps a teacher's monthly pay monthly across the summer without pay, and predicts September in August", () => {
    const months = monthlyDates('2024-09', 24, 25, toFriday).filter(
      (date) => !['07', '08'].includes(date.slice(5, 7)),
    );
    const streams = detectRecurringStreams(
      months
        .filter((date) => date <= '2026-08-10')
        .map((date) => tx({ date, amount: -4210, name: 'RIVERSIDE SCHOOL DIST PAYROLL', categories: WAGES })),
      '2026-08-10',
    );
    expect(streams).toHaveLength(1);
    expect(streams[0].frequency).toBe('monthly');
    expect(streams[0].lastDate).toBe('2026-06-25');
    expect(streams[0].nextDate).toBe('2026-09-25'); // a Friday; July and August were empty a year before too
    expect(streams[0].confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('finds quarterly insurance', () => {
    const dates = [
      '2024-01-10',
      '2024-04-10',
      '2024-07-10',
      '2024-10-10',
      '2025-01-10',
      '2025-04-10',
      '2025-07-10',
      '2025-10-10',
    ].map((date) => isoDate(toMonday(dayNumber(date))));
    const streams = detectRecurringStreams(
      dates.map((date) => tx({ date, amount: 412.37, name: 'STATE FARM INSURANCE PREM' })),
      '2025-12-01',
    );
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      frequency: 'quarterly',
      category: 'insurance',
      occurrences: 8,
      nextDate: '2026-01-12',
    }); // 10 Jan 2026 is a Saturday
  });

  it('finds an annual fee from two occurrences a year apart', () => {
    const streams = detectRecurringStreams(
      [
        tx({ accountId: CARD, date: '2024-06-15', amount: 95, name: 'ANNUAL MEMBERSHIP FEE' }),
        tx({ accountId: CARD, date: '2025-06-15', amount: 95, name: 'ANNUAL MEMBERSHIP FEE' }),
      ],
      '2025-11-01',
    );
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      frequency: 'annual',
      occurrences: 2,
      name: 'Annual Membership Fee',
      category: 'other',
      nextDate: '2026-06-15',
    });
    expect(streams[0].confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('does not call two matching payments a month apart a stream (three are needed)', () => {
    const streams = detectRecurringStreams(
      [
        tx({ date: '2025-05-03', amount: 60, name: 'GYM' }),
        tx({ date: '2025-06-03', amount: 60, name: 'GYM' }),
      ],
      '2025-06-20',
    );
    expect(streams).toEqual([]);
  });

  it('keeps a price rise in one stream and flags it', () => {
    const dates = monthlyDates('2025-01', 12, 7);
    const streams = detectRecurringStreams(
      dates.map((date, index) =>
        tx({
          accountId: CARD,
          date,
          amount: index < 9 ? 10.99 : 11.99,
          name: 'Spotify USA',
          merchantName: 'Spotify',
        }),
      ),
      '2025-12-20',
    );
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      priceChanged: true,
      lastAmount: 11.99,
      occurrences: 12,
      category: 'subscriptions',
      nextDate: '2026-01-07',
    });
    expect(streams[0].averageAmount).toBeCloseTo((9 * 10.99 + 3 * 11.99) / 12, 2);
  });

  it('does not detect noisy card spending: near-daily coffee and weekly groceries of any size', () => {
    const random = seeded(42);
    const rows: DetectionTransaction[] = [];
    for (let day = dayNumber('2024-01-01'); day <= dayNumber('2025-12-31'); day += 1) {
      if (random() < 0.6)
        rows.push(
          tx({
            accountId: CARD,
            date: isoDate(day),
            amount: 3.5 + Math.round(random() * 1050) / 100,
            name: 'SQ *STARBUCKS #1234',
            merchantName: 'Starbucks',
          }),
        );
      if (weekday(day) === 6)
        rows.push(
          tx({
            accountId: CARD,
            date: isoDate(day),
            amount: 40 + Math.round(random() * 12000) / 100,
            name: 'WHOLEFDS MKT #10234',
            merchantName: 'Whole Foods',
          }),
        );
    }
    expect(rows.length).toBeGreaterThan(500);
    expect(detectRecurringStreams(rows, '2026-01-02')).toEqual([]);
  });

  it('finds a utility whose amount varies a few percent, and a metered one that varies more when Plaid says utilities', () => {
    const dates = monthlyDates('2025-01', 12, 18, toMonday);
    const gentle = [84.1, 88.3, 90.2, 86.5, 81.9, 79.8, 83.4, 87.7, 89.9, 85.2, 82.6, 80.4];
    const metered = [142.1, 128.3, 96.2, 71.5, 64.9, 88.8, 121.4, 133.7, 90.9, 70.2, 82.6, 131.4];
    const streams = detectRecurringStreams(
      [
        ...dates.map((date, index) =>
          tx({ date, amount: gentle[index], name: `CITY POWER & LIGHT BILL PMT ${10000 + index}` }),
        ),
        ...dates.map((date, index) =>
          tx({ date, amount: metered[index], name: 'METRO GAS CO ACH', categories: POWER }),
        ),
        ...dates.map((date, index) => tx({ date, amount: metered[index], name: 'MARIO PIZZERIA' })),
      ],
      '2025-12-31',
    );
    expect(streams.map((stream) => [stream.merchantKey, stream.category, stream.frequency])).toEqual([
      ['city power light bill', 'utilities', 'monthly'],
      ['metro gas', 'utilities', 'monthly'],
    ]);
    expect(streams[0].priceChanged).toBe(false);
    expect(streams[1].confidence).toBeLessThan(streams[0].confidence);
  });

  it('ignores pending transactions, transfers between own accounts, and streams that stopped long ago', () => {
    const dates = monthlyDates('2025-01', 6, 5);
    const streams = detectRecurringStreams(
      [
        ...dates.map((date) => tx({ date, amount: 15.49, name: 'NETFLIX.COM 866-579-7172 CA' })), // stopped in June
        ...dates.map((date) =>
          tx({
            date,
            amount: 500,
            name: 'TRANSFER TO SAVINGS',
            categories: ['TRANSFER_OUT', 'TRANSFER_OUT_ACCOUNT_TRANSFER'],
          }),
        ),
        tx({ date: '2025-11-02', amount: 9.99, name: 'HULU', pending: false }),
        tx({ date: '2025-12-02', amount: 9.99, name: 'HULU', pending: false }),
        tx({ date: '2026-01-02', amount: 9.99, name: 'HULU', pending: true }),
      ],
      '2026-01-03',
    );
    expect(streams).toEqual([]);
  });

  it('returns one stream per account, direction and merchant, and the same output for the same input', () => {
    const dates = monthlyDates('2025-01', 12, 10);
    const rows = [
      ...dates.map((date) => tx({ date, amount: 30, name: 'CITY WATER' })),
      ...dates.map((date) => tx({ date: isoDate(dayNumber(date) + 3), amount: 300, name: 'CITY WATER' })),
    ];
    const first = detectRecurringStreams(rows, '2025-12-20');
    expect(first).toHaveLength(1);
    expect(detectRecurringStreams([...rows].reverse(), '2025-12-20')).toEqual(first);
  });
  it('finds a weekly charge, and tells biweekly pay from semi-monthly pay over a year', () => {
    const monday = dayNumber('2025-06-02');
    const weekly = detectRecurringStreams(
      Array.from({ length: 20 }, (_, index) =>
        tx({ accountId: CARD, date: isoDate(monday + index * 7), amount: 25, name: 'SUNDAY SWIM CLUB' }),
      ),
      '2025-10-17',
    );
    expect(weekly.map((stream) => [stream.frequency, stream.nextDate])).toEqual([['weekly', '2025-10-20']]);

    const fridays = Array.from({ length: 26 }, (_, index) => isoDate(dayNumber('2025-01-03') + index * 14));
    const semiMonthly = [
      ...monthlyDates('2025-01', 12, 1, toFriday),
      ...monthlyDates('2025-01', 12, 15, toFriday),
    ];
    const streams = detectRecurringStreams(
      [
        ...fridays.map((date) => tx({ date, amount: -1500, name: 'GLOBEX PAYROLL', categories: WAGES })),
        ...semiMonthly.map((date) => tx({ date, amount: -900, name: 'INITECH PAYROLL', categories: WAGES })),
      ],
      '2025-12-31',
    );
    expect(streams.map((stream) => [stream.merchantKey, stream.frequency])).toEqual([
      ['globex', 'biweekly'],
      ['initech', 'semi-monthly'],
    ]);
  });

  it('finds a subscription among purchases at the same merchant (Prime among Amazon orders)', () => {
    const random = seeded(7);
    const rows: DetectionTransaction[] = monthlyDates('2024-03', 24, 12).map((date) =>
      tx({ accountId: CARD, date, amount: 14.99, name: 'Amazon Prime*AB12C', merchantName: 'Amazon' }),
    );
    for (let day = dayNumber('2024-03-01'); day <= dayNumber('2026-02-28'); day += 3) {
      const amount = 6 + Math.round(random() * 20000) / 100;
      rows.push(
        tx({ accountId: CARD, date: isoDate(day), amount, name: 'AMZN Mktp US*2K4', merchantName: 'Amazon' }),
      );
    }
    const streams = detectRecurringStreams(rows, '2026-03-01');
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ frequency: 'monthly', averageAmount: 14.99, nextDate: '2026-03-12' });
  });

  it('tolerates a holiday shift, a missed month and a duplicate charge without losing the stream', () => {
    const dates = monthlyDates('2025-01', 12, 20).filter((date) => date !== '2025-06-20');
    const rows = dates.map((date) =>
      tx({ date: date === '2025-01-20' ? '2025-01-23' : date, amount: 64.5, name: 'AQUA WATER CO' }),
    );
    rows.push(tx({ date: '2025-09-21', amount: 64.5, name: 'AQUA WATER CO' })); // charged twice
    const [stream] = detectRecurringStreams(rows, '2025-12-28');
    expect(stream).toMatchObject({
      frequency: 'monthly',
      occurrences: 11,
      category: 'utilities',
      nextDate: '2026-01-20',
    });
    expect(stream.confidence).toBeGreaterThan(0.8);
  });

  it('is confident in proportion to the evidence: three months < a year < two years', () => {
    const confidence = (months: number) =>
      detectRecurringStreams(
        monthlyDates('2024-01', months, 9).map((date) => tx({ date, amount: 40, name: 'PHONE CO' })),
        monthlyDates('2024-01', months + 1, 1)[months],
      )[0].confidence;
    expect(confidence(3)).toBeGreaterThanOrEqual(0.5);
    expect(confidence(3)).toBeLessThan(confidence(12));
    expect(confidence(12)).toBeLessThanOrEqual(confidence(24));
    expect(confidence(24)).toBeGreaterThanOrEqual(0.9);
  });
  it('does not call a charge every 4 weeks biweekly (it fills only every other slot)', () => {
    const first = dayNumber('2025-01-06');
    const rows = Array.from({ length: 13 }, (_, index) =>
      tx({ accountId: CARD, date: isoDate(first + index * 28), amount: 9.99, name: 'FOURWEEK APP' }),
    );
    expect(detectRecurringStreams(rows, '2025-12-20')).toEqual([]);
  });
  it('finds semi-monthly pay on the 1st and 15th when a weekend 1st is paid the Friday before (in the previous month)', () => {
    const dates = [
      ...monthlyDates('2025-01', 12, 1, toFriday),
      ...monthlyDates('2025-01', 12, 15, toFriday),
    ].sort();
    expect(dates).toContain('2025-05-30'); // 1 June 2025 was a Sunday
    const [stream] = detectRecurringStreams(
      dates.map((date) => tx({ date, amount: -1980, name: 'UMBRELLA HEALTH PAYROLL', categories: WAGES })),
      '2025-12-20',
    );
    expect(stream).toMatchObject({ frequency: 'semi-monthly', occurrences: 24, nextDate: '2026-01-01' });
  });
});
