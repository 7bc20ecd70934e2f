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

// Minutes too: some zones are half or three quarters of an hour off UTC (Asia/Kolkata, Asia/Kathmandu).
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function zoneOffsetMs(at: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    const fields = {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    } as const;
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...fields });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(at)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return wall - (at - (at % 60_000));
}

/**
 * The UTC moment at which the zone's wall clock shows `date` at `hour`:00. Found from the offset at a first
 * guess and corrected once, which lands on the right side of a daylight saving change; an hour skipped by one
 * (never 08:00 in any zone today) would come out an hour later.
 */
export function utcOf(date: IsoDate, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}
