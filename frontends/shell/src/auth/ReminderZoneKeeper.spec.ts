import { DEFAULT_REMINDER_CHANNELS, FINANCE_ENDPOINTS, REMINDER_TOGGLE_DEFAULTS, type ReminderSettings } from '@paycadence/contracts';
import { saveNotifications, type ApiClient } from '@paycadence/web-kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptReminderTimeZone } from './ReminderZoneKeeper';

const unsaved: ReminderSettings = { ...REMINDER_TOGGLE_DEFAULTS, days_before: 3, channels: DEFAULT_REMINDER_CHANNELS, time_zone: null, saved: false };

/** Answers GET with `settings` and a PUT with what it saved; `call` records both. */
function fakeApi(settings: ReminderSettings) {
  const call = vi.fn(async (endpoint: unknown) => (endpoint === FINANCE_ENDPOINTS.reminderSettings ? settings : { ...settings, saved: true }));
  return { call: call as unknown as ApiClient['call'] & typeof call };
}

describe('adoptReminderTimeZone', () => {
  beforeEach(() => localStorage.clear());

  it("saves never-saved settings with this browser's zone, so bill reminders (on by default) can be sent", async () => {
    const api = fakeApi(unsaved);
    await expect(adoptReminderTimeZone(api, 'Pacific/Auckland')).resolves.toBe(true);
    expect(api.call).toHaveBeenLastCalledWith(FINANCE_ENDPOINTS.updateReminderSettings, {
      body: { ...REMINDER_TOGGLE_DEFAULTS, days_before: 3, time_zone: 'Pacific/Auckland' },
    });
  });

  it("carries this device's own toggles into that first save", async () => {
    saveNotifications({ bills: false, income: true, suggestions: true, updates: false });
    const api = fakeApi(unsaved);
    await adoptReminderTimeZone(api, 'America/Los_Angeles');
    expect(api.call).toHaveBeenLastCalledWith(FINANCE_ENDPOINTS.updateReminderSettings, {
      body: { bills: false, income: true, suggestions: true, updates: false, days_before: 3, time_zone: 'America/Los_Angeles' },
    });
  });

  it('leaves settings the user saved alone, even when this browser is in another zone', async () => {
    const api = fakeApi({ ...unsaved, bills: false, time_zone: 'Europe/Paris', saved: true });
    await expect(adoptReminderTimeZone(api, 'Pacific/Auckland')).resolves.toBe(false);
    expect(api.call).toHaveBeenCalledTimes(1);
  });
});
