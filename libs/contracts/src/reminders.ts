// Reminder e-mails (ours): a heads-up N days before a bill is due and a payday note listing what
// to pay from the paycheck, sent in the user's own time zone. Settings > Notifications' four toggles (docs/product/accounts.md
// §9) are kept by finance, with how many days ahead and the browser's IANA time zone. Every e-mail carries an
// unsubscribe link that works without signing in: its random token is kept only as its SHA-256 hash.
import { z } from 'zod';

/** GET / PUT the signed-in user's settings. */
export const REMINDERS_PATH = '/api/financial/reminders';
/**
 * Public, no session: the unsubscribe page (GET) and turning reminders off (POST `{token}`). E-mails link to
 * `${REMINDER_UNSUBSCRIBE_PATH}#token=…`: the token rides in the fragment, which browsers never send, so no access
 * log on the way records it; the page's script reads it and sends it in a request body.
 */
export const REMINDER_UNSUBSCRIBE_PATH = `${REMINDERS_PATH}/unsubscribe`;
/** The unsubscribe page's script, served by finance beside the page (its CSP allows no inline script). */
export const REMINDER_UNSUBSCRIBE_SCRIPT_PATH = `${REMINDERS_PATH}/unsubscribe.js`;
/** POST `{token}`: whether the link still works, so the page says so before it asks. */
export const REMINDER_UNSUBSCRIBE_CHECK_PATH = `${REMINDERS_PATH}/unsubscribe-check`;
/** What a reminder e-mail links to, after the app's origin: the unsubscribe page with the token in the fragment. */
export const reminderUnsubscribePath = (token: string): string => `${REMINDER_UNSUBSCRIBE_PATH}#${new URLSearchParams({ token })}`;
/**
 * Links mailed before the token moved to the fragment carry it in the path: `${REMINDER_UNSUBSCRIBE_PATH}/<token>`.
 * GET still follows them, by a redirect to the page with the token in the fragment, and the gateway's and nginx's
 * access logs record that path with the token replaced.
 */
export const legacyReminderUnsubscribePath = (token: string): string => `${REMINDER_UNSUBSCRIBE_PATH}/${token}`;
/** Random bytes of an unsubscribe token (base64url: 43 characters), and the token's exact shape in a URL. */
export const REMINDER_UNSUBSCRIBE_TOKEN_BYTES = 32;
export const REMINDER_UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How many days before a due date the bill reminder goes out. */
export const REMINDER_DAYS_BEFORE_MIN = 1;
export const REMINDER_DAYS_BEFORE_MAX = 14;
export const REMINDER_DAYS_BEFORE_DEFAULT = 3;
/** Reminders go out from this hour of the user's own day (a worker that was down sends later that day). */
export const REMINDER_SEND_HOUR = 8;

/** docs/product/accounts.md §9: bills on, income on, suggestions off, updates on. */
export const REMINDER_TOGGLE_DEFAULTS = { bills: true, income: true, suggestions: false, updates: true } as const;

/** The four toggles' texts (Settings > Notifications). */
export const NOTIFICATION_TOGGLE_TEXTS = {
  bills: { label: 'Bill reminders', hint: 'A heads-up before a bill is due.' },
  income: { label: 'Income alerts', hint: 'When a paycheck is expected or arrives.' },
  suggestions: { label: 'Payment suggestions', hint: 'New suggested pay dates for your bills.' },
  updates: { label: 'Product updates', hint: 'News about PayCadence features.' },
} as const;

const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** The zone's canonical IANA name when this runtime knows it (`utc` → `UTC`), else null. Linear-time shape check first. */
export function canonicalTimeZone(value: string): string | null {
  if (value.length > 64 || !TIME_ZONE_SHAPE.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const TimeZoneSchema = z
  .string({ error: 'Time zone is required' })
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: 'Time zone must be an IANA time zone such as America/New_York' });
      return z.NEVER;
    }
    return zone;
  });

const toggles = {
  bills: z.boolean({ error: 'bills must be true or false' }),
  income: z.boolean({ error: 'income must be true or false' }),
  suggestions: z.boolean({ error: 'suggestions must be true or false' }),
  updates: z.boolean({ error: 'updates must be true or false' }),
};
const daysBefore = z
  .number({ error: 'days_before must be a number' })
  .int({ error: 'days_before must be a whole number' })
  .min(REMINDER_DAYS_BEFORE_MIN, { error: `days_before must be at least ${REMINDER_DAYS_BEFORE_MIN}` })
  .max(REMINDER_DAYS_BEFORE_MAX, { error: `days_before must be at most ${REMINDER_DAYS_BEFORE_MAX}` });

/**
 * Where each kind of reminder goes: e-mail, the devices the person turned on ('device': Web Push,
 * docs/reminders.md), or both. E-mail is the default, so settings saved before channels existed keep e-mail.
 */
export const REMINDER_CHANNELS = ['email', 'device', 'both'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
const channel = (kind: string) => z.enum(REMINDER_CHANNELS, { error: `channels.${kind} must be email, device or both` });
/** `bills`: the bill reminders; `income`: the payday ones (the toggles of the same names). */
export const ReminderChannelsSchema = z.object({ bills: channel('bills'), income: channel('income') }).strict();
export type ReminderChannels = z.infer<typeof ReminderChannelsSchema>;
export const DEFAULT_REMINDER_CHANNELS: ReminderChannels = { bills: 'email', income: 'email' };
export const channelSendsEmail = (value: ReminderChannel): boolean => value !== 'device';
export const channelSendsToDevices = (value: ReminderChannel): boolean => value !== 'email';

/** GET: the settings as stored, or the defaults (`saved: false`, no time zone) before the first save. */
export const ReminderSettingsSchema = z.object({
  ...toggles,
  days_before: daysBefore,
  channels: ReminderChannelsSchema,
  /** The IANA zone reminders follow; null until the browser sent one. */
  time_zone: z.string().nullable(),
  saved: z.boolean(),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

/**
 * PUT: every field (the browser sends its own zone, Intl's resolvedOptions().timeZone). `channels` may be left out:
 * the stored ones stay (e-mail before any were chosen), so a client that predates channels changes none.
 */
export const UpdateReminderSettingsSchema = z
  .object({ ...toggles, days_before: daysBefore, time_zone: TimeZoneSchema, channels: ReminderChannelsSchema.optional() })
  .strict();
export type UpdateReminderSettingsInput = z.infer<typeof UpdateReminderSettingsSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  ...REMINDER_TOGGLE_DEFAULTS,
  days_before: REMINDER_DAYS_BEFORE_DEFAULT,
  channels: DEFAULT_REMINDER_CHANNELS,
  time_zone: null,
  saved: false,
};

/** The Settings panel's and the unsubscribe page's texts. */
export const REMINDER_MESSAGES = {
  intro: 'Choose what we remind you about, and where: by e-mail, on your devices, or both. Bill reminders and paycheck reminders arrive from 8 am in your time zone.',
  daysBeforeLabel: 'Remind me about a bill',
  daysBeforeHint: 'How many days before its due date the bill reminder arrives.',
  daysBeforeOption: (days: number) => (days === 1 ? '1 day before' : `${days} days before`),
  timeZone: (zone: string) => `Your time zone: ${zone}.`,
  timeZoneChanged: (saved: string, browser: string) => `Reminders follow ${saved}. Saving now switches them to this device's time zone, ${browser}.`,
  notYetSaved: 'Save once so we know your time zone: reminder e-mails start after that.',
  notSent: 'We do not e-mail payment suggestions or product updates yet; your choice is kept for when we do.',
  save: 'Save notifications',
  /** docs/product/accounts.md §4: the settings screens' save messages. */
  saved: 'Settings saved successfully!',
  saveFailed: 'Failed to save settings. Please try again.',
  loadFailed: 'Could not load your notification settings. Please try again.',
  unsubscribeTitle: 'Turn off reminder e-mails?',
  unsubscribeQuestion: 'You will no longer get bill reminders or payday e-mails from PayCadence.',
  unsubscribeButton: 'Turn off reminders',
  unsubscribedTitle: 'Reminders are off',
  unsubscribedBody: 'You will not get bill reminders or payday e-mails any more. To turn them back on, sign in and open Settings, then Notifications.',
  unsubscribeInvalidTitle: 'This link does not work',
  unsubscribeInvalidBody: 'The unsubscribe link is incomplete or unknown. To change your reminders, sign in and open Settings, then Notifications.',
  /** The page reads the link before it asks; these say so, or why it cannot. */
  unsubscribeChecking: 'Checking your link...',
  unsubscribeNeedsScript:
    'This page needs JavaScript to read your link. You can also sign in and open Settings, then Notifications, to turn reminder e-mails off.',
  unsubscribeFailed: 'Reminders could not be turned off right now. Please try again.',
} as const;

/**
 * The unsubscribe page's POST bodies: the token from the link. Only its length is limited here: finance treats a
 * token of the wrong shape as unknown (the same 404), so a guess learns nothing from the answer.
 */
export const UnsubscribeRequestSchema = z
  .object({ token: z.string({ error: 'token is required' }).max(200, { error: 'token is too long' }) })
  .strict();
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequestSchema>;
/** REMINDER_UNSUBSCRIBE_CHECK_PATH: 200 for a live token (404 with unsubscribeInvalidBody otherwise). */
export const UnsubscribeCheckResponseSchema = z.object({ valid: z.literal(true) });
/** POST REMINDER_UNSUBSCRIBE_PATH: 200 once the reminder e-mails are off (twice is no error; 404 for an unknown token). */
export const UnsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });
