import { ValidationFailedError } from '@paycadence/nest-kit';
import { dashboardToday } from './client-today.js';

describe('dashboardToday', () => {
  it("answers the server's UTC date when the client sends none", () => {
    expect(dashboardToday('2026-03-10', undefined)).toBe('2026-03-10');
  });

  it.each(['2026-03-09', '2026-03-10', '2026-03-11'])('accepts the client date %s (within one day, time zones UTC−12..UTC+14)', (today) => {
    expect(dashboardToday('2026-03-10', today)).toBe(today);
  });

  it('accepts one day across a month and a year boundary', () => {
    expect(dashboardToday('2026-03-01', '2026-02-28')).toBe('2026-02-28');
    expect(dashboardToday('2025-12-31', '2026-01-01')).toBe('2026-01-01');
  });

  it.each(['2026-03-08', '2026-03-12', '2027-03-10'])('refuses %s with a 400 naming the field', (today) => {
    let error: unknown;
    try {
      dashboardToday('2026-03-10', today);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect(error).toMatchObject({ status: 400 });
    expect((error as ValidationFailedError).errors?.today).toMatch(/^today must be within 1 day of the server's date \(2026-03-10 UTC\)/);
  });
});
