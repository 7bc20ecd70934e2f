import { DEFAULT_REMINDER_SETTINGS, REMINDER_MESSAGES, type ReminderSettings } from '@paycadence/contracts';
import { NOTIFICATIONS_KEY } from '@paycadence/web-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from './browser-time-zone';
import { CHANNEL_FIELDS, CHANNEL_LABELS, NO_DEVICE_HINT, NotificationsPanel } from './NotificationsPanel';
import { ANN, bodyOf, json, mockFetch, renderScreen } from './test-helpers';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

/** finance's /api/financial/reminders as the panel sees it. */
function remindersServer(initial: ReminderSettings = DEFAULT_REMINDER_SETTINGS, { failPut = false } = {}) {
  let stored = initial;
  const puts: Record<string, unknown>[] = [];
  mockFetch((url, init) => {
    expect(url).toContain('/api/financial/reminders');
    if (url.includes('/reminders/devices')) return json({ devices: [] });
    if (init.method === 'PUT') {
      if (failPut) return json({ statusCode: 503, message: 'down' }, 503);
      const body = bodyOf(init);
      puts.push(body);
      stored = { ...(body as Omit<ReminderSettings, 'saved'>), saved: true };
      return json(stored);
    }
    return json(stored);
  });
  return { puts };
}

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('NotificationsPanel', () => {
  it('sends each kind of reminder where the person chose: e-mail, their devices or both', async () => {
    const { puts } = remindersServer();
    renderScreen(<NotificationsPanel />, { user: ANN });
    const bills = (await screen.findByLabelText(CHANNEL_FIELDS[0].label)) as HTMLSelectElement;
    expect(bills.value).toBe('email');
    await userEvent.selectOptions(bills, CHANNEL_LABELS.device);
    // No device turned on yet: the choice says where to turn one on.
    expect(bills).toHaveAccessibleDescription(NO_DEVICE_HINT);
    await userEvent.selectOptions(screen.getByLabelText(CHANNEL_FIELDS[1].label), CHANNEL_LABELS.both);
    await userEvent.click(screen.getByRole('button', { name: REMINDER_MESSAGES.save }));
    await screen.findByText(REMINDER_MESSAGES.saved);
    expect(puts[0]).toMatchObject({ channels: { bills: 'device', income: 'both' } });
  });

  it('shows the documented defaults before the first save and saves the toggles, days and this browser’s zone on the server', async () => {
    const { puts } = remindersServer();
    renderScreen(<NotificationsPanel />, { user: ANN });
    await screen.findByRole('checkbox', { name: /Bill reminders/ });
    expect([box(/Bill reminders/).checked, box(/Income alerts/).checked, box(/Payment suggestions/).checked, box(/Product updates/).checked]).toEqual([
      true, true, false, true,
    ]);
    expect(screen.getByText(new RegExp(REMINDER_MESSAGES.notYetSaved))).toBeInTheDocument();
    await userEvent.click(box(/Payment suggestions/));
    await userEvent.selectOptions(screen.getByLabelText(REMINDER_MESSAGES.daysBeforeLabel), '5 days before');
    await userEvent.click(screen.getByRole('button', { name: REMINDER_MESSAGES.save }));

    expect(await screen.findByText(REMINDER_MESSAGES.saved)).toBeInTheDocument();
    expect(puts).toEqual([
      { bills: true, income: true, suggestions: true, updates: true, days_before: 5, channels: { bills: 'email', income: 'email' }, time_zone: browserTimeZone() },
    ]);
    // The device copy docs/product/accounts.md keeps, written after the server accepted.
    expect(JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY)!)).toEqual({ bills: true, income: true, suggestions: true, updates: true });
    expect(screen.queryByText(new RegExp(REMINDER_MESSAGES.notYetSaved))).toBeNull();
  });

  it("shows what the server kept, and says when reminders follow another zone than this device's", async () => {
    localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify({ bills: true, income: true, suggestions: true, updates: true }));
    remindersServer({ bills: false, income: true, suggestions: false, updates: false, days_before: 7, channels: { bills: 'email', income: 'both' }, time_zone: 'Pacific/Chatham', saved: true });
    renderScreen(<NotificationsPanel />, { user: ANN });
    await screen.findByRole('checkbox', { name: /Bill reminders/ });
    expect([box(/Bill reminders/).checked, box(/Payment suggestions/).checked, box(/Product updates/).checked]).toEqual([false, false, false]);
    const days = screen.getByLabelText(REMINDER_MESSAGES.daysBeforeLabel) as HTMLSelectElement;
    expect(days.value).toBe('7');
    expect(days).toBeDisabled(); // no bill reminders, no days to choose
    expect(screen.getByText(REMINDER_MESSAGES.timeZoneChanged('Pacific/Chatham', browserTimeZone()))).toBeInTheDocument();
  });

  it('carries this device’s earlier toggles into the first save', async () => {
    localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify({ bills: false, income: true, suggestions: true, updates: false }));
    remindersServer();
    renderScreen(<NotificationsPanel />, { user: ANN });
    await screen.findByRole('checkbox', { name: /Bill reminders/ });
    expect([box(/Bill reminders/).checked, box(/Payment suggestions/).checked, box(/Product updates/).checked]).toEqual([false, true, false]);
  });

  it('says so when saving fails, and moves the focus to the message', async () => {
    remindersServer(DEFAULT_REMINDER_SETTINGS, { failPut: true });
    renderScreen(<NotificationsPanel />, { user: ANN });
    await userEvent.click(await screen.findByRole('button', { name: REMINDER_MESSAGES.save }));
    expect(await screen.findByText(REMINDER_MESSAGES.saveFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(REMINDER_MESSAGES.saveFailed).closest('.pc-settings__save')).toHaveFocus());
    expect(localStorage.getItem(NOTIFICATIONS_KEY)).toBeNull();
  });
});
