import {
  dayInMonth,
  dayNumber,
  dayOfMonth,
  daysFromMonthEnd,
  daysInMonth,
  isoDate,
  monthKey,
  weekday,
} from './calendar';

describe('calendar', () => {
  it('agrees with Date for every day from 1999 to 2101', () => {
    for (let day = dayNumber('1999-01-01'); day <= dayNumber('2101-12-31'); day += 1) {
      const date = new Date(day * 86_400_000);
      const month = date.getUTCFullYear() * 12 + date.getUTCMonth();
      if (
        monthKey(day) !== month ||
        dayOfMonth(day) !== date.getUTCDate() ||
        weekday(day) !== date.getUTCDay()
      ) {
        throw new Error(`calendar disagrees on ${isoDate(day)}`);
      }
      if (dayInMonth(month, date.getUTCDate()) !== day)
        throw new Error(`dayInMonth disagrees on ${isoDate(day)}`);
    }
  });

  it('clamps a day to the month and counts from its end', () => {
    expect(isoDate(dayInMonth(2024 * 12 + 1, 31))).toBe('2024-02-29');
    expect(isoDate(dayInMonth(2025 * 12 + 1, 31))).toBe('2025-02-28');
    expect(daysInMonth(2100 * 12 + 1)).toBe(28);
    expect(daysFromMonthEnd(dayNumber('2025-04-28'))).toBe(2);
  });
});
