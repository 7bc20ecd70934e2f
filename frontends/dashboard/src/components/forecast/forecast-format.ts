import type { ForecastFormat } from '@paycadence/finance-rules';
import { formatDate, formatMoney, usePreferences } from '@paycadence/web-kit';

/** The forecast sentences' formatters: dates in the user's saved format (Settings > Preferences), money en-US. */
export function useForecastFormat(): ForecastFormat & { money: (cents: number) => string; instant: (iso: string) => string } {
  const { dateFormat } = usePreferences();
  return {
    date: (iso: string) => formatDate(iso, dateFormat),
    money: (cents: number) => formatMoney(cents / 100),
    /** An ISO instant as the user's local date. */
    instant: (iso: string) => formatDate(new Date(iso), dateFormat),
  };
}
