import type { IsoDate } from '@paycadence/finance-rules';

/** A moment as the user's wall clock shows it: their calendar day and hour (0–23). */
export interface LocalMoment {
  date: IsoDate;
  hour: number;
}

// One formatter per zone: building an Intl.DateTimeFormat is the costly part, and a scan asks for many users.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `at` in the IANA zone `timeZone` (stored zones were validated by contracts' TimeZoneSchema). */
export function localMoment(at: Date, timeZone: string): LocalMoment {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}
