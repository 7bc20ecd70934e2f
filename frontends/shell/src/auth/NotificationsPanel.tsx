import {
  channelSendsToDevices,
  DEFAULT_REMINDER_CHANNELS,
  FINANCE_ENDPOINTS,
  NOTIFICATION_TOGGLE_TEXTS,
  REMINDER_DAYS_BEFORE_MAX,
  REMINDER_DAYS_BEFORE_MIN,
  REMINDER_CHANNELS,
  REMINDER_MESSAGES,
  type ReminderChannel,
  type ReminderChannels,
  type ReminderSettings,
} from '@paycadence/contracts';
import { Alert, Button, Card, Checkbox, loadNotifications, saveNotifications, Select, Spinner, useAuth, type NotificationSettings } from '@paycadence/web-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserTimeZone } from './browser-time-zone';
import { PushDevicesPanel } from './PushDevicesPanel';
import './notifications-panel.css';

type Toggles = Pick<ReminderSettings, 'bills' | 'income' | 'suggestions' | 'updates'>;
type Form = Toggles & { days_before: number; channels: ReminderChannels };
type Message = { tone: 'success' | 'error'; text: string };

const TOGGLE_KEYS = Object.keys(NOTIFICATION_TOGGLE_TEXTS) as Array<keyof Toggles>;
const DAY_OPTIONS = Array.from({ length: REMINDER_DAYS_BEFORE_MAX - REMINDER_DAYS_BEFORE_MIN + 1 }, (_, i) => REMINDER_DAYS_BEFORE_MIN + i).map(
  (days) => ({ value: String(days), label: REMINDER_MESSAGES.daysBeforeOption(days) }),
);

/** Where each kind of reminder goes: e-mail, the devices turned on below, or both. */
export const CHANNEL_LABELS: Record<ReminderChannel, string> = { email: 'E-mail', device: 'My devices', both: 'E-mail and my devices' };
export const CHANNEL_FIELDS = [
  { kind: 'bills', label: 'Bill reminders go to' },
  { kind: 'income', label: 'Payday reminders go to' },
] as const;
export const NO_DEVICE_HINT = 'Turn on reminders on a device below to get these as notifications.';
const CHANNEL_OPTIONS = REMINDER_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }));


/** Before the first save on the server, the toggles this device kept (docs/product/accounts.md: local storage) carry over. */
function initialForm(settings: ReminderSettings): Form {
  const toggles: NotificationSettings = settings.saved ? settings : loadNotifications();
  return {
    bills: toggles.bills,
    income: toggles.income,
    suggestions: toggles.suggestions,
    updates: toggles.updates,
    days_before: settings.days_before,
    channels: settings.channels ?? DEFAULT_REMINDER_CHANNELS,
  };
}

/**
 * Settings > Notifications: the four toggles of docs/product/accounts.md and how early bill reminders come, kept by
 * finance with this browser's time zone, so the reminder e-mails follow them. The device copy in local storage
 * is still written (docs/product/accounts.md keeps the toggles there) but the server's answer is what the form shows.
 */
export function NotificationsPanel() {
  const { api } = useAuth();
  const [saved, setSaved] = useState<ReminderSettings | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const zone = browserTimeZone();
  const [deviceCount, setDeviceCount] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      const settings = await api.call(FINANCE_ENDPOINTS.reminderSettings);
      setSaved(settings);
      setForm(initialForm(settings));
    } catch {
      setLoadFailed(true);
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (message?.tone === 'error') messageRef.current?.focus();
  }, [message]);

  const save = async () => {
    if (!form) return;
    setBusy(true);
    setMessage(null);
    try {
      const settings = await api.call(FINANCE_ENDPOINTS.updateReminderSettings, { body: { ...form, time_zone: zone } });
      setSaved(settings);
      setForm(initialForm(settings));
      saveNotifications({ bills: settings.bills, income: settings.income, suggestions: settings.suggestions, updates: settings.updates });
      setMessage({ tone: 'success', text: REMINDER_MESSAGES.saved });
    } catch {
      setMessage({ tone: 'error', text: REMINDER_MESSAGES.saveFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Notifications" titleLevel={2} className="pc-notify">
      <p className="pc-meta">{REMINDER_MESSAGES.intro}</p>
      {form === null && !loadFailed && <Spinner inline label="Loading notification settings..." />}
      {loadFailed && (
        <>
          <Alert tone="error">{REMINDER_MESSAGES.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </>
      )}
      {form && saved && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <fieldset className="pc-notify__group">
            <legend className="pc-visually-hidden">Which notifications</legend>
            <div className="pc-settings__toggles">
              {TOGGLE_KEYS.map((key) => (
                <Checkbox
                  key={key}
                  name={key}
                  checked={form[key]}
                  onChange={(event) => setForm({ ...form, [key]: event.target.checked })}
                  label={
                    <>
                      <strong>{NOTIFICATION_TOGGLE_TEXTS[key].label}</strong>
                      <span className="pc-meta pc-settings__hint">{NOTIFICATION_TOGGLE_TEXTS[key].hint}</span>
                    </>
                  }
                />
              ))}
            </div>
          </fieldset>
          <div className="pc-notify__days">
            <Select
              label={REMINDER_MESSAGES.daysBeforeLabel}
              name="days_before"
              value={String(form.days_before)}
              onChange={(event) => setForm({ ...form, days_before: Number(event.target.value) })}
              options={DAY_OPTIONS}
              hint={REMINDER_MESSAGES.daysBeforeHint}
              disabled={!form.bills}
            />
          </div>
          <div className="pc-notify__channels">
            {CHANNEL_FIELDS.map(({ kind, label }) => (
              <Select
                key={kind}
                label={label}
                name={`channel_${kind}`}
                value={form.channels[kind]}
                onChange={(event) => setForm({ ...form, channels: { ...form.channels, [kind]: event.target.value as ReminderChannel } })}
                options={CHANNEL_OPTIONS}
                hint={channelSendsToDevices(form.channels[kind]) && deviceCount === 0 ? NO_DEVICE_HINT : undefined}
                disabled={!form[kind]}
              />
            ))}
          </div>
          <p className="pc-meta pc-notify__zone">
            {saved.time_zone && saved.time_zone !== zone ? REMINDER_MESSAGES.timeZoneChanged(saved.time_zone, zone) : REMINDER_MESSAGES.timeZone(zone)}
            {!saved.saved && <> {REMINDER_MESSAGES.notYetSaved}</>}
          </p>
          <p className="pc-meta">{REMINDER_MESSAGES.notSent}</p>
          <div ref={messageRef} tabIndex={-1} className="pc-settings__save">
            {message && <Alert tone={message.tone}>{message.text}</Alert>}
            <Button type="submit" busy={busy} busyText="Saving...">
              {REMINDER_MESSAGES.save}
            </Button>
          </div>
        </form>
      )}
      {form && saved && <PushDevicesPanel onDevicesChanged={setDeviceCount} />}
    </Card>
  );
}
