import { FINANCE_ENDPOINTS } from '@paycadence/contracts';
import { loadNotifications, useAuth, type ApiClient } from '@paycadence/web-kit';
import { useEffect } from 'react';
import { browserTimeZone } from './browser-time-zone';

/**
 * Reminder e-mails follow the user's own day, so finance needs their time zone; until Settings > Notifications
 * is saved it has none and sends nothing, although bill reminders are on by default. Once per signed-in page
 * load, settings never saved are saved as they stand (this device's toggles, else the defaults) with this
 * browser's zone. Settings the user saved are left alone, even from another zone: they chose them.
 */
export async function adoptReminderTimeZone(api: Pick<ApiClient, 'call'>, zone: string = browserTimeZone()): Promise<boolean> {
  const settings = await api.call(FINANCE_ENDPOINTS.reminderSettings);
  if (settings.saved) return false;
  const device = loadNotifications();
  await api.call(FINANCE_ENDPOINTS.updateReminderSettings, {
    body: { bills: device.bills, income: device.income, suggestions: device.suggestions, updates: device.updates, days_before: settings.days_before, time_zone: zone },
  });
  return true;
}

/** Renders nothing; does adoptReminderTimeZone once per signed-in user and page load. */
export function ReminderZoneKeeper() {
  const { user, api } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    // Quietly: reminders are a background feature, and Settings shows and saves them on its own.
    adoptReminderTimeZone(api).catch(() => undefined);
  }, [userId, api]);
  return null;
}
