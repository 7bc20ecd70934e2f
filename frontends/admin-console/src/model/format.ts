import { formatDate, INVALID_DATE_TEXT } from '@paycadence/web-kit';

// Dates in the format chosen in Settings (web-kit's formatDate). The log adds the time, to the second.
const timeFormatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** '11/25/2026' (or the saved date format); 'Never' for a user who has not signed in yet. */
export function formatShortDate(value: string | null | undefined, missing = 'Never'): string {
  return value ? formatDate(value) : missing;
}

/** '11/25/2026, 10:52:13 AM' in the viewer's own time zone. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? INVALID_DATE_TEXT : `${formatDate(date)}, ${timeFormatter.format(date)}`;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:HeadlessChrome|Chromium|Chrome)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari/, 'Safari'],
  [/curl\/(\d+)/, 'curl'],
  [/node|undici/i, 'Node.js'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A user agent in a few words ('Chrome 131 on Linux'), or its first 40 characters when unknown. */
export function shortUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent));
  if (!browser) return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
  const version = userAgent.match(browser[0])?.[1];
  const name = version && /^\d+$/.test(version) ? `${browser[1]} ${version}` : browser[1];
  return system ? `${name} on ${system[1]}` : name;
}
