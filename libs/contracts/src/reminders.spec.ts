import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  legacyReminderUnsubscribePath,
  REMINDER_UNSUBSCRIBE_PATH,
  reminderUnsubscribePath,
  UnsubscribeRequestSchema,
  UpdateReminderSettingsSchema,
} from './reminders.js';

const valid = { bills: true, income: false, suggestions: false, updates: true, days_before: 3, time_zone: 'Pacific/Auckland' };

describe('reminder settings', () => {
  it('accepts IANA zones and answers their canonical name', () => {
    expect(canonicalTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('america/argentina/buenos_aires')).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(UpdateReminderSettingsSchema.parse(valid).time_zone).toBe('Pacific/Auckland');
  });

  it.each(['Mars/Olympus', '', '+05:00', '../../etc/passwd', 'America/New_York\n', 'A/'.repeat(40), 'x'.repeat(100_000)])('refuses the zone %j', (zone) => {
    const parsed = UpdateReminderSettingsSchema.safeParse({ ...valid, time_zone: zone });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(/time zone/i);
  });

  it('keeps days_before within 1 to 14 whole days and refuses unknown fields', () => {
    expect(UpdateReminderSettingsSchema.safeParse({ ...valid, days_before: 0 }).success).toBe(false);
    expect(UpdateReminderSettingsSchema.safeParse({ ...valid, days_before: 15 }).success).toBe(false);
    expect(UpdateReminderSettingsSchema.safeParse({ ...valid, days_before: 2.5 }).success).toBe(false);
    expect(UpdateReminderSettingsSchema.safeParse({ ...valid, days_before: 14 }).success).toBe(true);
    expect(UpdateReminderSettingsSchema.safeParse({ ...valid, user_id: 'x' }).success).toBe(false);
    expect(UpdateReminderSettingsSchema.safeParse({ ...valid, bills: 'yes' }).success).toBe(false);
  });
});

describe('the unsubscribe link', () => {
  const token = 'Ab_-0123456789abcdefghijklmnopqrstuvwxyzABC';

  it('carries the token in the fragment only: what a browser requests for it holds none', () => {
    const link = new URL(reminderUnsubscribePath(token), 'https://pay.example');
    expect(`${link.pathname}${link.search}`).toBe(REMINDER_UNSUBSCRIBE_PATH);
    expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe(token);
    expect(legacyReminderUnsubscribePath(token)).toBe(`${REMINDER_UNSUBSCRIBE_PATH}/${token}`);
  });

  it("takes the token in a body, bounded in length and alone (its shape is finance's to judge)", () => {
    expect(UnsubscribeRequestSchema.parse({ token })).toEqual({ token });
    expect(UnsubscribeRequestSchema.parse({ token: 'short' })).toEqual({ token: 'short' });
    expect(UnsubscribeRequestSchema.safeParse({ token: 'x'.repeat(201) }).success).toBe(false);
    expect(UnsubscribeRequestSchema.safeParse({}).success).toBe(false);
    expect(UnsubscribeRequestSchema.safeParse({ token, user_id: 'x' }).success).toBe(false);
  });
});
