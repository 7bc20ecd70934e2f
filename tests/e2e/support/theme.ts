// The theme a journey runs in (docs/themes.md): saved as the person's choice before any page script runs, the way
// Settings saves it, so the shell's theme-init.js paints it first and web-kit keeps it.
import type { Page } from '@playwright/test';
import { PREFERENCES_KEY, type ThemeChoice } from '../../../libs/web-kit/src/preferences/preferences.js';

/** Runs in the page (an init script): merges the theme into the saved preferences. */
function saveThemeInPage({ key, theme }: { key: string; theme: ThemeChoice }) {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...stored, theme }));
  } catch {
    // about:blank and other opaque origins have no storage: nothing to theme there.
  }
}

/** Every document the page opens from now on starts with `theme` as the saved choice. */
export async function useSavedTheme(page: Page, theme: ThemeChoice): Promise<void> {
  await page.addInitScript(saveThemeInPage, { key: PREFERENCES_KEY, theme });
}

/** What <html> shows right now: 'light' or 'dark'. */
export function shownTheme(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('data-theme'));
}
