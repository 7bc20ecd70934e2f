import { IncomeSuggestionInputSchema } from '@paycadence/contracts';
import { suggestionMessages, type StoredStream } from '../suggestions';
import {
  dayInMonth,
  dayNumber,
  isoDate,
  isWeekend,
  monthKey,
  shiftOffWeekend,
  type DayNumber,
} from './calendar';
import { detectRecurringStreams, type DetectedStream, type DetectionTransaction } from './detect-recurring';

/**
 * Pay schedules as detection finds them and sends them: generated paycheck histories, each read on a frozen
 * "today", through detection and on to the income suggestion finance receives.
 */

const WAGES = ['INCOME', 'INCOME_WAGES'];
const PAID_SEPTEMBER_TO_JUNE = [1, 2, 3, 4, 5, 6, 9, 10, 11, 12];
/** The Federal Reserve holidays the histories below run into (payroll pays the business day before). */
const HOLIDAYS = new Set(['2025-01-01', '2025-12-25', '2026-01-01', '2026-12-25', '2027-01-01']);

/** The business day on or before a day: what a payroll does with a paycheck scheduled on a weekend or holiday. */
function paidEarly(day: DayNumber): DayNumber {
  let paid = day;
  while (isWeekend(paid) || HOLIDAYS.has(isoDate(paid))) paid -= 1;
  return paid;
}

/** Month keys (year * 12 + month index) from one YYYY-MM to another, both included. */
function months(from: string, to: string): number[] {
  const first = monthKey(dayNumber(`${from}-01`));
  const last = monthKey(dayNumber(`${to}-01`));
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
const calendarMonth = (month: number) => (month % 12) + 1;

/** A small seeded generator so the varying amounts are the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

let nextId = 0;
/** Paychecks (money in: negative in Plaid's sign) on the given days, paid early off weekends and holidays. */
function paychecks(name: string, days: readonly DayNumber[], amount: number | ((index: number) => number)) {
  return days.map((day, index): DetectionTransaction => {
    nextId += 1;
    return {
      id: `p${nextId}`,
      accountId: 'checking-1',
      date: isoDate(paidEarly(day)),
      amount: -(typeof amount === 'number' ? amount : amount(index)),
      name,
      merchantName: null,
      categories: WAGES,
      pending: false,
    };
  });
}

/** The `day`-th of each month (clamped to its length; 31 = its last day). */
const onDay = (monthKeys: readonly number[], day: number) => monthKeys.map((month) => dayInMonth(month, day));

/** A school district paying $3,850 on the 25th from September to June, two school years, nothing in July and August. */
const schoolDistrict = (until: string) =>
  paychecks(
    'RIVERSIDE SCHOOL DIST PAYROLL',
    onDay(
      months('2024-09', '2026-06').filter((month) => ![7, 8].includes(calendarMonth(month))),
      25,
    ).filter((day) => isoDate(paidEarly(day)) <= until),
    3850,
  );

/** Monthly pay on the 20th from November 2024, with the given months (YYYY-MM) never paid. */
const monthlyWithout = (skipped: readonly string[], until = '2026-05') =>
  paychecks(
    'HARBOR CLINIC PAYROLL',
    onDay(
      months('2024-11', until).filter(
        (month) => !skipped.includes(isoDate(dayInMonth(month, 1)).slice(0, 7)),
      ),
      20,
    ),
    3120,
  );

/** Twice a month on two days (31: the last day), May 2025 to April 2027, up to `until`. */
const twiceMonthly = (name: string, payDays: [number, number], until: string, amount = 2275) =>
  paychecks(
    name,
    months('2025-05', '2027-04')
      .flatMap((month) => payDays.map((payDay) => dayInMonth(month, payDay)))
      .filter((day) => isoDate(paidEarly(day)) <= until),
    amount,
  );

/** A freelancer's weekly platform payouts (Tuesdays) whose size follows the work: $180 to $720. */
function freelancer() {
  const random = seeded(11);
  const first = dayNumber('2025-06-03');
  return paychecks(
    'DOORDASH DASHER DIR DEP',
    Array.from({ length: 52 }, (_, index) => first + index * 7),
    () => 180 + Math.round(random() * 54_000) / 100,
  );
}

/** An hourly nurse paid monthly on the last day, overtime making the paycheck $2,600 to $4,400. */
function hourlyNurse() {
  const random = seeded(5);
  return paychecks(
    'MERCY HOSPITAL PAYROLL',
    onDay(months('2025-01', '2026-05'), 31),
    () => 2600 + Math.round(random() * 180_000) / 100,
  );
}

function detectOne(rows: readonly DetectionTransaction[], today: string): DetectedStream {
  const streams = detectRecurringStreams(rows, today);
  expect(streams).toHaveLength(1);
  return streams[0];
}

/** What detection sends finance for the stream (the income suggestion), or undefined when nothing is sent. */
function sent(stream: DetectedStream) {
  const stored: StoredStream = { ...stream, id: 'row-1', externalKey: `stream2:${stream.merchantKey}` };
  const [message] = suggestionMessages('user-1', [stored]);
  return message?.income[0];
}

describe('pay schedules detection finds and sends', () => {
  it.each([
    {
      case: 'a school district, read on a day in June, next pays on 25 June',
      rows: schoolDistrict('2026-06-10'),
      today: '2026-06-10',
      frequency: 'monthly',
      payDays: null,
      paidMonths: PAID_SEPTEMBER_TO_JUNE,
      nextDate: '2026-06-25',
      scheduledNextDate: '2026-06-25',
    },
    {
      case: 'a school district, read on a day in July, next pays on 25 September (July and August skipped)',
      rows: schoolDistrict('2026-07-15'),
      today: '2026-07-15',
      frequency: 'monthly',
      payDays: null,
      paidMonths: PAID_SEPTEMBER_TO_JUNE,
      nextDate: '2026-09-25',
      scheduledNextDate: '2026-09-25',
    },
    {
      case: 'a school district, read late in August, still next pays on 25 September',
      rows: schoolDistrict('2026-08-28'),
      today: '2026-08-28',
      frequency: 'monthly',
      payDays: null,
      paidMonths: PAID_SEPTEMBER_TO_JUNE,
      nextDate: '2026-09-25',
      scheduledNextDate: '2026-09-25',
    },
    {
      case: 'a 1st/15th payroll whose next 1st is a Saturday: scheduled 1 May, the money arriving Friday 30 April',
      rows: twiceMonthly('INITECH LLC PAYROLL', [1, 15], '2027-04-20'),
      today: '2027-04-20',
      frequency: 'semi-monthly',
      payDays: [1, 15],
      paidMonths: null,
      nextDate: '2027-04-30',
      scheduledNextDate: '2027-05-01',
    },
    {
      case: 'a 1st/15th payroll read on the Friday a weekend 1st is paid, before the deposit posted',
      rows: twiceMonthly('INITECH LLC PAYROLL', [1, 15], '2027-04-29'),
      today: '2027-04-30',
      frequency: 'semi-monthly',
      payDays: [1, 15],
      paidMonths: null,
      nextDate: '2027-04-30',
      scheduledNextDate: '2027-05-01',
    },
    {
      case: 'a 15th/last-day payroll whose next last day is Saturday 28 February',
      rows: twiceMonthly('GLOBEX INC PAYROLL', [15, 31], '2026-02-20'),
      today: '2026-02-20',
      frequency: 'semi-monthly',
      payDays: [15, 31],
      paidMonths: null,
      nextDate: '2026-02-27',
      scheduledNextDate: '2026-02-28',
    },
    {
      case: 'a 15th/last-day payroll whose next 15th is a Sunday',
      rows: twiceMonthly('GLOBEX INC PAYROLL', [15, 31], '2026-03-10'),
      today: '2026-03-10',
      frequency: 'semi-monthly',
      payDays: [15, 31],
      paidMonths: null,
      nextDate: '2026-03-13',
      scheduledNextDate: '2026-03-15',
    },
  ])('$case', ({ case: _title, rows, today, ...expected }) => {
    expect(detectOne(rows, today)).toMatchObject({ kind: 'income', lowAmount: null, ...expected });
  });

  it('calls a school year reliable: the summer it never pays costs nothing', () => {
    const stream = detectOne(schoolDistrict('2026-07-15'), '2026-07-15');
    expect(stream.occurrences).toBe(20);
    // Counting the two summers as four missed paychecks would score it about 0.92.
    expect(stream.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it.each([
    { case: 'one month missed in the year before today', skipped: ['2026-02'], range: [0.5, 0.7] },
    {
      case: 'the month before today missed',
      skipped: [],
      until: '2026-04',
      today: '2026-05-28',
      range: [0.5, 0.7],
    },
    { case: 'two months missed apart', skipped: ['2025-09', '2026-02'], range: [0, 0.5] },
    // Two empty months in a row, but the same months a year before were paid: pay that stopped, not a season.
    {
      case: 'two months in a row missed, paid the year before',
      skipped: ['2025-11', '2025-12'],
      range: [0, 0.5],
    },
    { case: 'one month missed more than a year ago', skipped: ['2025-03'], range: [0.7, 1] },
    { case: 'no month missed', skipped: [], range: [0.9, 1] },
  ])(
    'scores monthly pay with $case in [$range)',
    ({ skipped, until = '2026-05', today = '2026-06-10', range: [low, high] }) => {
      const stream = detectOne(monthlyWithout(skipped, until), today);
      expect(stream).toMatchObject({ frequency: 'monthly', paidMonths: null, payDays: null });
      expect(stream.confidence).toBeGreaterThanOrEqual(low);
      expect(stream.confidence).toBeLessThan(high);
      // What is sent is what was scored: a stream under 0.5 is not offered at all.
      if (stream.confidence < 0.5) expect(sent(stream)).toBeUndefined();
      else
        expect(sent(stream)).toMatchObject({ suggestedFrequency: 'monthly', confidence: stream.confidence });
    },
  );

  it('gives variable pay a lean but typical paycheck, under the typical amount; steady pay none', () => {
    const gig = detectOne(freelancer(), '2026-06-01');
    expect(gig).toMatchObject({ kind: 'income', category: 'variable', frequency: 'weekly' });
    expect(gig.lowAmount).not.toBeNull();
    expect(gig.lowAmount!).toBeLessThan(0.9 * gig.averageAmount);
    expect(gig.lowAmount!).toBeGreaterThan(180);
    // About one paycheck in five is leaner than it.
    const amounts = freelancer().map((row) => -row.amount);
    const leaner = amounts.filter((amount) => amount < gig.lowAmount!).length / amounts.length;
    expect(leaner).toBeGreaterThan(0.1);
    expect(leaner).toBeLessThan(0.3);

    const nurse = detectOne(hourlyNurse(), '2026-06-10');
    expect(nurse).toMatchObject({
      category: 'variable',
      frequency: 'monthly',
      scheduledNextDate: '2026-06-30',
    });
    expect(nurse.lowAmount!).toBeLessThan(nurse.averageAmount);

    const salary = detectOne(twiceMonthly('GLOBEX INC PAYROLL', [15, 31], '2026-02-20'), '2026-02-20');
    expect(salary).toMatchObject({ category: 'salary', lowAmount: null });
  });

  it('sends each schedule as the income form has it, and every suggestion passes the contract', () => {
    const cases: [DetectionTransaction[], string, Record<string, unknown>][] = [
      [
        schoolDistrict('2026-07-15'),
        '2026-07-15',
        {
          suggestedFrequency: 'monthly',
          suggestedNextDate: '2026-09-25',
          suggestedPayDays: null,
          suggestedPaidMonths: PAID_SEPTEMBER_TO_JUNE,
          suggestedLowAmount: null,
          amount: 3850,
        },
      ],
      [
        twiceMonthly('INITECH LLC PAYROLL', [1, 15], '2027-04-20'),
        '2027-04-20',
        {
          suggestedFrequency: 'twice-monthly',
          suggestedNextDate: '2027-05-01',
          suggestedPayDays: [1, 15],
          suggestedPaidMonths: null,
        },
      ],
      [
        twiceMonthly('GLOBEX INC PAYROLL', [15, 31], '2026-02-20'),
        '2026-02-20',
        { suggestedFrequency: 'twice-monthly', suggestedNextDate: '2026-02-28', suggestedPayDays: [15, 31] },
      ],
      [
        monthlyWithout(['2026-02']),
        '2026-06-10',
        { suggestedFrequency: 'monthly', suggestedPaidMonths: null },
      ],
      [freelancer(), '2026-06-01', { suggestedFrequency: 'weekly', suggestedPayDays: null }],
      [hourlyNurse(), '2026-06-10', { suggestedFrequency: 'monthly', suggestedNextDate: '2026-06-30' }],
    ];
    for (const [rows, today, expected] of cases) {
      const stream = detectOne(rows, today);
      const suggestion = sent(stream);
      expect(suggestion).toMatchObject({ ...expected, confidence: stream.confidence });
      expect(IncomeSuggestionInputSchema.safeParse(suggestion).success).toBe(true);
      if (suggestion!.suggestedLowAmount !== null)
        expect(suggestion!.suggestedLowAmount).toBeLessThanOrEqual(suggestion!.amount);
    }
    expect(sent(detectOne(freelancer(), '2026-06-01'))!.suggestedLowAmount).not.toBeNull();
    expect(sent(detectOne(hourlyNurse(), '2026-06-10'))!.suggestedLowAmount).not.toBeNull();
  });

  it('sends a school year paid twice a month with its pay days and paid months, next in September', () => {
    const rows = paychecks(
      'LAKESIDE USD PAYROLL',
      months('2024-09', '2026-06')
        .filter((month) => ![7, 8].includes(calendarMonth(month)))
        .flatMap((month) => [dayInMonth(month, 15), dayInMonth(month, 31)]),
      1925,
    );
    const stream = detectOne(rows, '2026-07-20');
    expect(stream).toMatchObject({
      frequency: 'semi-monthly',
      payDays: [15, 31],
      paidMonths: PAID_SEPTEMBER_TO_JUNE,
    });
    expect(stream.confidence).toBeGreaterThanOrEqual(0.9);
    const suggestion = sent(stream);
    expect(suggestion).toMatchObject({
      suggestedFrequency: 'twice-monthly',
      suggestedNextDate: '2026-09-15',
      suggestedPayDays: [15, 31],
      suggestedPaidMonths: PAID_SEPTEMBER_TO_JUNE,
    });
    expect(IncomeSuggestionInputSchema.safeParse(suggestion).success).toBe(true);
  });

  it('keeps bills as they were: no pay schedule, the due date moved off the weekend', () => {
    const rows = onDay(months('2025-01', '2025-10'), 1).map((day): DetectionTransaction => ({
      id: `rent-${day}`,
      accountId: 'checking-1',
      date: isoDate(shiftOffWeekend(day, 1)),
      amount: 1200,
      name: 'WEB PMT OAKWOOD PROPERTIES',
      merchantName: null,
      categories: [],
      pending: false,
    }));
    const [bill] = detectRecurringStreams(rows, '2025-10-20');
    expect(bill).toMatchObject({
      kind: 'bill',
      nextDate: '2025-11-03', // 1 November 2025 is a Saturday
      scheduledNextDate: '2025-11-01',
      payDays: null,
      paidMonths: null,
      lowAmount: null,
    });
    const [message] = suggestionMessages('user-1', [{ ...bill, id: 'row-2', externalKey: 'stream2:rent' }]);
    expect(message.bills[0]).toMatchObject({ suggestedDueDate: '2025-11-03', recurring: 'monthly' });
  });
});
