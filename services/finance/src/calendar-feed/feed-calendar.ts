import { CALENDAR_FEED_NAME } from '@paycadence/contracts';
import { addDays, type IsoDate } from '@paycadence/finance-rules';
import ical, { ICalEventTransparency } from 'ical-generator';
import { FEED_CATEGORIES, type FeedEvent } from './feed-events.js';

/** How often calendar apps are asked to check for changes (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 6 * 60 * 60;

/** Midnight UTC of the day: ical-generator writes an all-day date from the UTC parts when no time zone is set. */
const utcDay = (date: IsoDate) => new Date(`${date}T00:00:00.000Z`);

/**
 * The feed as iCalendar text (RFC 5545), written by ical-generator (escaping, UTF-8-safe line folding): all-day
 * DATE events, free time (they block nothing), stamped `now`.
 */
export function renderFeedCalendar(events: readonly FeedEvent[], now: Date): string {
  const calendar = ical({
    name: CALENDAR_FEED_NAME,
    description: 'Bill due dates, paydays and suggested pay dates from PayCadence',
    prodId: { company: 'PayCadence', product: 'Calendar feed', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      allDay: true,
      start: utcDay(event.date),
      end: utcDay(addDays(event.date, 1)),
      stamp: now,
      summary: event.summary,
      description: event.description,
      categories: [{ name: FEED_CATEGORIES[event.kind] }],
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
