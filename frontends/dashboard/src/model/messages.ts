// Texts of docs/product/signed-in.md §8 (error catalogue and empty states) and §2.
export const MESSAGES = {
  loadFailed: 'Unable to load financial data. Please check your connection and try again.',
  saveBillFailed: 'Failed to save bill. Please try again.',
  deleteBillFailed: 'Failed to delete bill. Please try again.',
  saveIncomeFailed: 'Failed to save income. Please try again.',
  deleteIncomeFailed: 'Failed to delete income. Please try again.',
  syncSucceeded: 'Bank data refreshed successfully',
  syncFailed: 'Failed to sync bank data. Please try again.',
  acceptFailed: 'Failed to accept suggestion',
  suggestionsFailed: 'Failed to load suggestions',
  noBills: 'No bills added yet',
  noIncome: 'No income sources added yet',
  noSuggestions: 'No suggestions available',
  noAnalysis: 'No financial data available for analysis',
  noUpcoming: 'No upcoming items',
  noItemsScheduled: 'No items scheduled',
} as const;

/** docs/product/signed-in.md §9 timers. */
export const TIMERS = {
  loadingGuardMs: 15_000,
  syncMessageMs: 5_000,
  acceptMessageMs: 3_000,
} as const;

/** Remembered view (docs/product/signed-in.md §2: "the choice is remembered locally across sessions"). */
export const VIEW_STORAGE_KEY = 'paycadence.dashboard.view';
export const DASHBOARD_VIEWS = ['list', 'calendar', 'planner'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];
