// The preferences moved to @payday/web-kit, where the remotes read them too; the settings screen keeps its imports.
export {
  CURRENCIES,
  DATE_FORMATS,
  DEFAULT_NOTIFICATIONS,
  DEFAULT_PREFERENCES,
  DEFAULT_VIEWS,
  loadNotifications,
  loadPreferences,
  NOTIFICATIONS_KEY,
  PREFERENCES_KEY,
  saveNotifications,
  savePreferences,
  THEMES,
  type NotificationSettings,
  type Preferences,
} from '@payday/web-kit';
