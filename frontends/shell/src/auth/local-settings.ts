/** spec part 1 §3: local preferences and notification toggles, each under its own key in localStorage. */
export const PREFERENCES_KEY = 'paycadence.preferences';
export const NOTIFICATIONS_KEY = 'paycadence.notifications';

export const DEFAULT_VIEWS = ['list', 'calendar', 'planner'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
/** spec part 1 §2: only light is available; dark and auto are labelled Coming Soon. */
export const THEMES = ['light', 'dark', 'auto'] as const;

export interface Preferences {
  defaultView: (typeof DEFAULT_VIEWS)[number];
  currency: (typeof CURRENCIES)[number];
  dateFormat: (typeof DATE_FORMATS)[number];
  theme: 'light';
}

export interface NotificationSettings {
  bills: boolean;
  income: boolean;
  suggestions: boolean;
  updates: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { defaultView: 'list', currency: 'USD', dateFormat: 'MM/DD/YYYY', theme: 'light' };
/** spec part 1 §2: bills on, income on, suggestions off, updates on. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = { bills: true, income: true, suggestions: false, updates: true };

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function readJson(key: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function loadPreferences(): Preferences {
  const stored = readJson(PREFERENCES_KEY);
  return {
    defaultView: oneOf(DEFAULT_VIEWS, stored.defaultView, DEFAULT_PREFERENCES.defaultView),
    currency: oneOf(CURRENCIES, stored.currency, DEFAULT_PREFERENCES.currency),
    dateFormat: oneOf(DATE_FORMATS, stored.dateFormat, DEFAULT_PREFERENCES.dateFormat),
    theme: 'light',
  };
}

export function loadNotifications(): NotificationSettings {
  const stored = readJson(NOTIFICATIONS_KEY);
  const flag = (key: keyof NotificationSettings) => (typeof stored[key] === 'boolean' ? (stored[key] as boolean) : DEFAULT_NOTIFICATIONS[key]);
  return { bills: flag('bills'), income: flag('income'), suggestions: flag('suggestions'), updates: flag('updates') };
}

/** Throws when the browser refuses to store (the screen then shows its failure message). */
export function savePreferences(preferences: Preferences): void {
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
}

export function saveNotifications(notifications: NotificationSettings): void {
  localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify(notifications));
}
