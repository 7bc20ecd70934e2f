import {
  Alert,
  Badge,
  Button,
  Card,
  CURRENCIES,
  DATE_FORMATS,
  DEFAULT_VIEWS,
  formatDate,
  loadPreferences,
  PageHeader,
  savePreferences,
  Select,
  Tabs,
  THEMES,
  useAuth,
  useFirstErrorFocus,
  type Preferences,
} from '@paycadence/web-kit';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { NotificationsPanel } from './NotificationsPanel';
import { greeting } from './greeting';
import { TwoFactorPanel } from './TwoFactorPanel';
import { YourDataPanel } from './YourDataPanel';

/** docs/product/accounts.md §9: simulated save delay and how long the saved message stays. */
export const SETTINGS_SAVE_DELAY_MS = 500;
export const SETTINGS_MESSAGE_MS = 3_000;
export const SETTINGS_SAVED = 'Settings saved successfully!';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings. Please try again.';

type TabId = 'profile' | 'security' | '2fa' | 'notifications' | 'preferences' | 'data';

/** docs/product/signed-in.md §1: amounts are USD; the choice is kept, and the screen says plainly that it changes nothing yet. */
export const CURRENCY_HINT = 'All amounts are in US dollars (USD) for now. We keep your choice, but it does not convert or relabel any amount yet.';
const SAMPLE_DAY = '2026-11-27';

const VIEW_LABELS: Record<Preferences['defaultView'], string> = { list: 'List', calendar: 'Calendar', planner: 'Planner' };
const THEME_LABELS: Record<Preferences['theme'], string> = { light: 'Light', dark: 'Dark', auto: 'Auto' };

/** The simulated save (docs/product/accounts.md §4): 500 ms, then the message for 3 s. */
function useSave() {
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const errorFocus = useFirstErrorFocus<HTMLDivElement>();
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const save = (persist: () => void) => {
    setSaving(true);
    setMessage(null);
    timers.current.push(
      setTimeout(() => {
        try {
          persist();
          setMessage({ tone: 'success', text: SETTINGS_SAVED });
        } catch {
          setMessage({ tone: 'error', text: SETTINGS_SAVE_FAILED });
          errorFocus.reveal();
        }
        setSaving(false);
        timers.current.push(setTimeout(() => setMessage(null), SETTINGS_MESSAGE_MS));
      }, SETTINGS_SAVE_DELAY_MS),
    );
  };
  return { saving, message, save, errorRef: errorFocus.ref };
}

function PreferencesTab() {
  const [values, setValues] = useState(loadPreferences);
  const { saving, message, save, errorRef } = useSave();
  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => setValues((current) => ({ ...current, [key]: value }));
  return (
    <Card title="Preferences" titleLevel={2}>
      <p className="pc-meta">How PayCadence looks for you. These settings are kept on this device.</p>
      <div className="pc-grid pc-grid--2 pc-settings__grid">
        <Select
          label="Default view"
          name="defaultView"
          value={values.defaultView}
          onChange={(event) => set('defaultView', event.target.value as Preferences['defaultView'])}
          options={DEFAULT_VIEWS.map((view) => ({ value: view, label: VIEW_LABELS[view] }))}
          hint="Where your dashboard opens."
        />
        <Select
          label="Currency"
          name="currency"
          value={values.currency}
          onChange={(event) => set('currency', event.target.value as Preferences['currency'])}
          options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
          hint={CURRENCY_HINT}
        />
        <Select
          label="Date format"
          name="dateFormat"
          value={values.dateFormat}
          onChange={(event) => set('dateFormat', event.target.value as Preferences['dateFormat'])}
          options={DATE_FORMATS.map((format) => ({ value: format, label: `${format} (${formatDate(SAMPLE_DAY, format)})` }))}
          hint="Used for every date in the app."
        />
        <Select
          label="Theme"
          name="theme"
          value={values.theme}
          onChange={(event) => set('theme', event.target.value as Preferences['theme'])}
          options={THEMES.map((theme) => ({ value: theme, label: THEME_LABELS[theme] }))}
          hint="Auto follows your device's light or dark setting."
        />
      </div>
      <div ref={errorRef} className="pc-settings__save">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <Button onClick={() => save(() => savePreferences(values))} busy={saving} busyText="Saving...">
          Save preferences
        </Button>
      </div>
    </Card>
  );
}

/** /settings (docs/product/accounts.md §2): greeting and five tabs. */
export function SettingsPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState<TabId>('profile');
  return (
    <div className="pc-container pc-settings">
      <PageHeader
        eyebrow="Settings"
        title={
          <>
            {greeting(user)} {user?.role === 'admin' && <Badge tone="primary">Admin</Badge>}
          </>
        }
        description="Manage your profile, security, notifications and preferences."
      />
      <Tabs
        label="Settings sections"
        selectedId={tab}
        onChange={(id) => setTab(id as TabId)}
        tabs={[
          {
            id: 'profile',
            label: 'Profile',
            content: (
              <Card title="Profile" titleLevel={2}>
                <p className="pc-meta">Your name, phone, date of birth and address.</p>
                <Link to="/profile" className="pc-btn pc-btn--primary">
                  Edit Profile
                </Link>
              </Card>
            ),
          },
          {
            id: 'security',
            label: 'Security',
            content: (
              <Card title="Security" titleLevel={2}>
                <div className="pc-settings__rows">
                  <div>
                    <p>
                      <strong>Password</strong>
                    </p>
                    <p className="pc-meta">We e-mail you a link to choose a new password.</p>
                    <Link to="/forgot-password" className="pc-btn pc-btn--secondary">
                      Reset Password
                    </Link>
                  </div>
                  <div>
                    <p>
                      <strong>Two-factor authentication</strong> {user?.mfa_enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}
                    </p>
                    <p className="pc-meta">Ask for a code from your phone when you sign in.</p>
                    <Button variant="secondary" onClick={() => setTab('2fa')}>
                      Manage two-factor authentication
                    </Button>
                  </div>
                </div>
              </Card>
            ),
          },
          { id: '2fa', label: '2FA', content: <TwoFactorPanel /> },
          { id: 'notifications', label: 'Notifications', content: <><NotificationsPanel /><CalendarFeedPanel /></> },
          { id: 'preferences', label: 'Preferences', content: <PreferencesTab /> },
          { id: 'data', label: 'Your data', content: <YourDataPanel /> },
        ]}
      />
    </div>
  );
}
