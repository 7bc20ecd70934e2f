import { useSyncExternalStore } from 'react';

/**
 * docs/product/accounts.md §3: local preferences and notification toggles, each under its own key in localStorage.
 * They live here, not in the shell, because remotes read them too (the dashboard's default view, every date).
 */
export const PREFERENCES_KEY = 'paycadence.preferences';
export const NOTIFICATIONS_KEY = 'paycadence.notifications';

export const DEFAULT_VIEWS = ['list', 'calendar', 'planner'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
/** docs/product/accounts.md §2: light, dark, or auto (follows the device's light or dark setting); docs/themes.md. */
export const THEMES = ['light', 'dark', 'auto'] as const;

export type DefaultView = (typeof DEFAULT_VIEWS)[number];
export type DateFormat = (typeof DATE_FORMATS)[number];
export type ThemeChoice = (typeof THEMES)[number];

export interface Preferences {
  defaultView: DefaultView;
  currency: (typeof CURRENCIES)[number];
  dateFormat: DateFormat;
  theme: ThemeChoice;
}

export interface NotificationSettings {
  bills: boolean;
  income: boolean;
  suggestions: boolean;
  updates: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { defaultView: 'list', currency: 'USD', dateFormat: 'MM/DD/YYYY', theme: 'light' };
/** docs/product/accounts.md §2: bills on, income on, suggestions off, updates on. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = { bills: true, income: true, suggestions: false, updates: true };

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function readJson(key: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function readPreferences(): Preferences {
  const stored = readJson(PREFERENCES_KEY) ?? {};
  return {
    defaultView: oneOf(DEFAULT_VIEWS, stored.defaultView, DEFAULT_PREFERENCES.defaultView),
    currency: oneOf(CURRENCIES, stored.currency, DEFAULT_PREFERENCES.currency),
    dateFormat: oneOf(DATE_FORMATS, stored.dateFormat, DEFAULT_PREFERENCES.dateFormat),
    theme: oneOf(THEMES, stored.theme, DEFAULT_PREFERENCES.theme),
  };
}

// Parsed once per stored text: formatDate reads the date format on every call (a calendar month is 42 of them).
let cached: { raw: string | null; value: Preferences } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
if (typeof window !== 'undefined') {
  // Another tab saved its settings.
  window.addEventListener('storage', (event) => event.key === PREFERENCES_KEY && notify());
}

function rawPreferences(): string | null {
  try {
    return localStorage.getItem(PREFERENCES_KEY);
  } catch {
    return null;
  }
}

export function loadPreferences(): Preferences {
  const raw = rawPreferences();
  if (!cached || cached.raw !== raw) cached = { raw, value: readPreferences() };
  return cached.value;
}

/** The saved default view, or null when the user never saved one (the dashboard then keeps its last view). */
export function savedDefaultView(): DefaultView | null {
  const stored = readJson(PREFERENCES_KEY);
  return stored ? oneOf(DEFAULT_VIEWS, stored.defaultView, DEFAULT_PREFERENCES.defaultView) : null;
}

/** Throws when the browser refuses to store (the settings screen then shows its failure message). */
export function savePreferences(preferences: Preferences): void {
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
  notify();
}

/** Calls `listener` whenever the preferences are saved, here or in another tab; answers how to stop. */
export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preferences, re-rendering the caller when they are saved (here or in another tab). */
export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, loadPreferences,
    () => DEFAULT_PREFERENCES,
  );
}

export function loadNotifications(): NotificationSettings {
  const stored = readJson(NOTIFICATIONS_KEY) ?? {};
  const flag = (key: keyof NotificationSettings) => (typeof stored[key] === 'boolean' ? (stored[key] as boolean) : DEFAULT_NOTIFICATIONS[key]);
  return { bills: flag('bills'), income: flag('income'), suggestions: flag('suggestions'), updates: flag('updates') };
}

export function saveNotifications(notifications: NotificationSettings): void {
  localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify(notifications));
}
