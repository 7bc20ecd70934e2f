import { loadPreferences, subscribePreferences, type ThemeChoice } from '../preferences/preferences.js';

/**
 * The one theme mechanism (docs/themes.md). The choice is a preference (light, dark or auto), kept with the others
 * on this device; what is shown is always light or dark, written on <html> as data-theme plus color-scheme, and
 * every stylesheet (web-kit's tokens and each remote's) reads that attribute. The shell's public/theme-init.js
 * sets the same attribute before the first paint; this keeps it right once the app runs.
 */
export type AppliedTheme = 'light' | 'dark';

export const THEME_ATTRIBUTE = 'data-theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): AppliedTheme {
  if (choice === 'auto') return prefersDark ? 'dark' : 'light';
  return choice;
}

function darkQuery(win: Window): MediaQueryList | null {
  // jsdom and some embedded browsers have no matchMedia: auto then means light.
  return typeof win.matchMedia === 'function' ? win.matchMedia(DARK_SCHEME_QUERY) : null;
}

export function applyTheme(theme: AppliedTheme, root: HTMLElement = document.documentElement): void {
  root.setAttribute(THEME_ATTRIBUTE, theme);
  // Native controls, scrollbars and the canvas behind the page follow too.
  root.style.colorScheme = theme;
}

/** What the saved choice means on this device right now. */
export function currentTheme(win: Window = window): AppliedTheme {
  return resolveTheme(loadPreferences().theme, darkQuery(win)?.matches ?? false);
}

let stopActive: (() => void) | null = null;

/**
 * Applies the saved theme and keeps it applied: when the preferences are saved (here or in another tab) and,
 * for auto, when the device switches between light and dark. Once per page: web-kit is one shared singleton, so a
 * second call (a remote running on its own next to the shell's call) answers the running one's stop.
 */
export function startThemeSync(win: Window = window): () => void {
  if (stopActive) return stopActive;
  const query = darkQuery(win);
  const apply = () => applyTheme(currentTheme(win), win.document.documentElement);
  apply();
  const unsubscribe = subscribePreferences(apply);
  query?.addEventListener('change', apply);
  const stop = () => {
    unsubscribe();
    query?.removeEventListener('change', apply);
    if (stopActive === stop) stopActive = null;
  };
  stopActive = stop;
  return stop;
}
