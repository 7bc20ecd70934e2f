import { useCallback, useState } from 'react';
import { DASHBOARD_VIEWS, VIEW_STORAGE_KEY, type DashboardView } from '../model/messages.js';

function readView(): DashboardView {
  try {
    const stored = window.localStorage.getItem(VIEW_STORAGE_KEY);
    return (DASHBOARD_VIEWS as readonly string[]).includes(stored ?? '') ? (stored as DashboardView) : 'list';
  } catch {
    return 'list';
  }
}

/** spec part 2 §2: the chosen view is remembered locally across sessions. */
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
