// @paycadence/web-kit: what every frontend shares (docs/architecture.md). Consumed as TypeScript source by Vite and
// shared as ONE singleton through module federation, so the session context is the same everywhere.
// Wire shapes (users, sessions, every request and answer) come from @paycadence/contracts; nothing here re-declares one.
import './api/zod-config.js'; // first: no zod eval probe under the CSP
export { ApiError, DEFAULT_TIMEOUT_MS, isOfflineRefusal, NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE } from './api/api-client.js';
export { createApiClient, endpointUrl, UNEXPECTED_ANSWER_MESSAGE } from './api/endpoint-client.js';
export type { ApiClient, ApiClientOptions, CallArgs, CallOptions, SessionAccess } from './api/endpoint-client.js';
export {
  browserOfflineData,
  createOfflineData,
  isBrowserOffline,
  OFFLINE_WRITE_MESSAGE,
  offlineCacheName,
  readOfflineDashboard,
  useOnline,
} from './offline/offline-data.js';
export type { CacheStore, OfflineData } from './offline/offline-data.js';
export { AuthProvider, useAuth, useApi, AUTH_PROVIDER_MISSING_MESSAGE } from './auth/AuthProvider.js';
export type { AuthContextValue, AuthProviderProps, SignInResult, VerifyMfaResult } from './auth/AuthProvider.js';
export { LEGACY_SESSION_KEYS, SIGNED_IN_HINT_KEY } from './auth/session-storage.js';
export type { MemorySession } from './auth/session-storage.js';
export { SESSION_CHANNEL_NAME } from './auth/session-channel.js';
export { useLogoutToHome } from './auth/useLogoutToHome.js';
export {
  EXPIRY_MARGIN_MS,
  REFRESH_TICK_MS,
  REFRESH_WHEN_TICKS_LEFT,
  RETRY_BACKOFF_START_MS,
  shouldRefreshOnTick,
  REFRESH_LOCK_NAME,
  withRefreshBackoff,
} from './auth/session-refresh.js';
export { GroupedBarChart, niceMax } from './charts/GroupedBarChart.js';
export type { BarGroup, BarSeries, GroupedBarChartProps } from './charts/GroupedBarChart.js';
export { formatMoney, formatDate, formatDateTime, INVALID_DATE_TEXT } from './format/format.js';
export { findFirstError, revealError, useFirstErrorFocus } from './forms/useFirstErrorFocus.js';
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
  savedDefaultView,
  subscribePreferences,
  THEMES,
  usePreferences,
} from './preferences/preferences.js';
export type { DateFormat, DefaultView, NotificationSettings, Preferences, ThemeChoice } from './preferences/preferences.js';
export { applyTheme, currentTheme, DARK_SCHEME_QUERY, resolveTheme, startThemeSync, THEME_ATTRIBUTE } from './theme/theme.js';
export type { AppliedTheme } from './theme/theme.js';
export { Toaster } from './toast/Toaster.js';
export {
  dismissToast,
  flushToasts,
  showToast,
  showUndoToast,
  TOAST_DURATION_MS,
  UNDO_TOAST_DURATION_MS,
} from './toast/toast-store.js';
export type { ToastOptions, ToastTone, UndoToastOptions } from './toast/toast-store.js';
export { useDocumentTitle } from './hooks/useDocumentTitle.js';
export { Alert } from './ui/Alert.js';
export type { AlertTone } from './ui/Alert.js';
export { Badge } from './ui/Badge.js';
export type { BadgeTone } from './ui/Badge.js';
export { Button } from './ui/Button.js';
export type { ButtonProps, ButtonVariant } from './ui/Button.js';
export { Callout } from './ui/Callout.js';
export type { CalloutStyle } from './ui/Callout.js';
export { Card } from './ui/Card.js';
export { Checkbox } from './ui/Checkbox.js';
export { cx } from './ui/classNames.js';
export { Modal } from './ui/Modal.js';
export { PageHeader } from './ui/PageHeader.js';
export { Select } from './ui/Select.js';
export type { SelectOption } from './ui/Select.js';
export { Spinner } from './ui/Spinner.js';
export { Tabs } from './ui/Tabs.js';
export type { TabItem } from './ui/Tabs.js';
export { TextAreaField } from './ui/TextAreaField.js';
export type { TextAreaFieldProps } from './ui/TextAreaField.js';
export { TextField } from './ui/TextField.js';
export { VisuallyHidden } from './ui/VisuallyHidden.js';
export { WaitlistForm, WAITLIST_JOIN_PATH } from './waitlist/WaitlistForm.js';
export type { WaitlistFormProps } from './waitlist/WaitlistForm.js';
