// The private calendar feed (ours): an iCal (RFC 5545) URL whose secret token is the only
// credential, so calendar apps can subscribe without a session. Finance keeps only the token's SHA-256 hash:
// the URL is answered once, when it is made; making it again replaces it (the old URL stops working at once).
import { z } from 'zod';

/** Where the signed-in routes live; the public feed is `${CALENDAR_FEED_PATH}/<token>.ics`. */
export const CALENDAR_FEED_PATH = '/api/financial/calendar-feed';
/** Random bytes in a feed token (base64url: 43 characters). */
export const CALENDAR_FEED_TOKEN_BYTES = 32;
/** A feed token as it appears in the URL: exactly what CALENDAR_FEED_TOKEN_BYTES random bytes encode to. */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The feed's path (on the app's own origin, behind the gateway) for a token. It stays a plain URL, since calendar
 * apps fetch it as given; the gateway's and nginx's access logs record it with the token replaced
 * (k8s/base/kong/access-log.conf, docker/nginx/*.conf).
 */
export const calendarFeedPath = (token: string): string => `${CALENDAR_FEED_PATH}/${token}.ics`;

/** The calendar's name in calendar apps (X-WR-CALNAME). */
export const CALENDAR_FEED_NAME = 'PayCadence';
/** The feed covers this many days before today up to this many months after it. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_MONTHS_AHEAD = 12;

/** GET: whether the signed-in user has a feed (its URL is never answered again: only its hash is kept). */
export const CalendarFeedStatusSchema = z.object({
  enabled: z.boolean(),
  /** When the current link was made (ISO 8601); null without one. */
  created_at: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** POST (create or regenerate): the new link's path, answered this once. */
export const CalendarFeedCreatedSchema = z.object({
  enabled: z.literal(true),
  created_at: z.string(),
  /** `/api/financial/calendar-feed/<token>.ics`: the browser puts its own origin in front. */
  path: z.string().startsWith(`${CALENDAR_FEED_PATH}/`).endsWith('.ics'),
});
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;

/** The Settings panel's texts. */
export const CALENDAR_FEED_MESSAGES = {
  title: 'Calendar feed',
  intro:
    'See your bill due dates, paydays and suggested pay dates in Google Calendar, Apple Calendar or Outlook. Your calendar app checks the link for changes on its own.',
  privacy:
    'Anyone who has the link can see your bill names and amounts, so share it only with your own calendar.',
  create: 'Create calendar link',
  regenerate: 'Regenerate link',
  turnOff: 'Turn off',
  copy: 'Copy',
  copied: 'Link copied.',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  addToCalendar: 'Add to calendar',
  linkLabel: 'Your calendar link',
  shownOnce: 'This link is shown only now. If you lose it, regenerate it.',
  enabledNoLink:
    'Your calendar link is on. For your privacy it is shown only once, when it is made; regenerate it to see a new one.',
  confirmRegenerate:
    'Make a new link? Your current link stops working at once: calendars using it stop updating until you add the new one.',
  confirmTurnOff:
    'Turn off the calendar feed? Your link stops working at once and calendars using it stop updating.',
  created: 'Your calendar link is ready.',
  regenerated: 'A new link is ready. The old one no longer works.',
  turnedOff: 'The calendar feed is off. The old link no longer works.',
  loadFailed: 'Could not load your calendar feed. Please try again.',
  saveFailed: 'Could not change your calendar feed. Please try again.',
} as const;
