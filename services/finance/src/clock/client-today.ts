import { CLIENT_TODAY_MAX_OFFSET_DAYS } from '@paycadence/contracts';
import { daysBetween, type IsoDate } from '@paycadence/finance-rules';
import { ValidationFailedError } from '@paycadence/nest-kit';

/**
 * The day the dashboard is computed for: the client's local date when it sends one (so a user west of
 * UTC does not see tomorrow's windows every evening), else the server's UTC date.
 * The client's date is trusted only within CLIENT_TODAY_MAX_OFFSET_DAYS of the server's, the spread of
 * real time zones (UTC−12 to UTC+14); anything further is a wrong clock or a forged request: 400.
 * `requested` is already a real YYYY-MM-DD date (DashboardQuerySchema).
 */
export function dashboardToday(serverToday: IsoDate, requested: IsoDate | undefined): IsoDate {
  if (requested === undefined) return serverToday;
  if (Math.abs(daysBetween(serverToday, requested)) > CLIENT_TODAY_MAX_OFFSET_DAYS) {
    throw new ValidationFailedError({
      today: `today must be within ${CLIENT_TODAY_MAX_OFFSET_DAYS} day of the server's date (${serverToday} UTC); check the device's date`,
    });
  }
  return requested;
}
