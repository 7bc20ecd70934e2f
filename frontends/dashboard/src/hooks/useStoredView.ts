import { savedDefaultView } from '@paycadence/web-kit';
import { useCallback, useState } from 'react';
import { DASHBOARD_VIEWS, VIEW_STORAGE_KEY, type DashboardView } from '../model/messages.js';

/**
 * The view the dashboard opens on: the default view saved in Settings (docs/product/accounts.md §2), else the view used
 * last (docs/product/signed-in.md §2: remembered across sessions). A switch on the dashboard lasts until it is left.
 */
function readView(): DashboardView {
  const preferred = savedDefaultView();
  if (preferred) return preferred;
  try {
    const stored = window.localStorage.getItem(VIEW_STORAGE_KEY);
    return (DASHBOARD_VIEWS as readonly string[]).includes(stored ?? '') ? (stored as DashboardView) : 'list';
  } catch {
    return 'list';
  }
}

/** docs/product/signed-in.md §2: the chosen view is remembered locally across sessions. */
export function useStoredView(): [DashboardView, (view: DashboardView) => void] {
  const [view, setView] = useState<DashboardView>(readView);
  const choose = useCallback((next: DashboardView) => {
    setView(next);
    try {
      window.localStorage.setItem(VIEW_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this visit only.
    }
  }, []);
  return [view, choose];
}
