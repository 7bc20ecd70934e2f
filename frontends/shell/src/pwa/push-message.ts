// What the service worker shows for a pushed reminder, kept apart from the worker so it is tested like any module.
// The payload is what the finance worker encrypts for this device (docs/reminders.md): a title, a body that names
// only the bill, its amount and date, and the path to open. Anything else in it is ignored.

const FALLBACK_TITLE = 'PayCadence reminder';
const DEFAULT_PATH = '/dashboard';
const ICON = '/icons/icon-192.png';

interface ReminderPayload {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

/** A same-origin address to open; anything else (another site, a script URL, garbage) opens the dashboard. */
export function notificationTarget(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  try {
    const target = new URL(typeof url === 'string' && url !== '' ? url : DEFAULT_PATH, origin);
    if (target.origin === origin && (target.protocol === 'https:' || target.protocol === 'http:')) return target.href;
  } catch {
    // not a URL at all: the dashboard
  }
  return new URL(DEFAULT_PATH, origin).href;
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The notification for a push's text: its title, body and where a tap goes; a newer one for the same tag replaces it. */
export function reminderNotification(payloadText: string, origin: string): { title: string; options: NotificationOptions } {
  let payload: ReminderPayload = {};
  try {
    const parsed: unknown = JSON.parse(payloadText);
    if (typeof parsed === 'object' && parsed !== null) payload = parsed as ReminderPayload;
  } catch {
    // not JSON: a plain reminder with no body
  }
  const url = notificationTarget({ url: payload.url }, origin);
  return {
    title: text(payload.title, 120) || FALLBACK_TITLE,
    options: {
      body: text(payload.body, 240),
      icon: ICON,
      badge: ICON,
      tag: text(payload.tag, 120) || url,
      data: { url },
    },
  };
}
