import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, loadPreferences, PREFERENCES_KEY, savePreferences, type ThemeChoice } from '../preferences/preferences.js';
import { DARK_SCHEME_QUERY, resolveTheme, startThemeSync } from './theme.js';

/** A matchMedia whose dark-scheme answer the test flips, firing `change` as a browser does. */
function mockDarkScheme(initiallyDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initiallyDark,
    media: DARK_SCHEME_QUERY,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => {
    expect(media).toBe(DARK_SCHEME_QUERY);
    return query as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return {
    set(dark: boolean) {
      query.matches = dark;
      listeners.forEach((listener) => listener({ matches: dark } as MediaQueryListEvent));
    },
    listenerCount: () => listeners.size,
    restore: () => {
      window.matchMedia = original;
    },
  };
}

const html = () => document.documentElement;
const saveTheme = (theme: ThemeChoice) => savePreferences({ ...loadPreferences(), theme });

describe('themes', () => {
  let stop: (() => void) | undefined;
  let media: ReturnType<typeof mockDarkScheme> | undefined;
  beforeEach(() => {
    localStorage.clear();
    html().removeAttribute('data-theme');
    html().style.colorScheme = '';
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    media?.restore();
    media = undefined;
  });

  it.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['auto', false, 'light'],
    ['auto', true, 'dark'],
  ] as const)('%s with the device dark=%s shows %s', (choice, prefersDark, shown) => {
    expect(resolveTheme(choice, prefersDark)).toBe(shown);
  });

  it('keeps the choice with the other preferences, and ignores a stored value it does not offer', () => {
    expect(loadPreferences().theme).toBe(DEFAULT_PREFERENCES.theme);
    saveTheme('dark');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!).theme).toBe('dark');
    expect(loadPreferences().theme).toBe('dark');
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ theme: 'sepia' }));
    expect(loadPreferences().theme).toBe('light');
  });

  it('applies the saved choice on <html> as data-theme and color-scheme, and follows a later save', () => {
    media = mockDarkScheme(false);
    saveTheme('dark');
    stop = startThemeSync();
    expect(html().getAttribute('data-theme')).toBe('dark');
    expect(html().style.colorScheme).toBe('dark');
    saveTheme('light');
    expect(html().getAttribute('data-theme')).toBe('light');
    expect(html().style.colorScheme).toBe('light');
  });

  it('auto follows the device, live, through the media query change event', () => {
    media = mockDarkScheme(true);
    saveTheme('auto');
    stop = startThemeSync();
    expect(html().getAttribute('data-theme')).toBe('dark');
    media.set(false);
    expect(html().getAttribute('data-theme')).toBe('light');
    media.set(true);
    expect(html().getAttribute('data-theme')).toBe('dark');
  });

  it('an explicit choice ignores the device switching', () => {
    media = mockDarkScheme(false);
    saveTheme('light');
    stop = startThemeSync();
    media.set(true);
    expect(html().getAttribute('data-theme')).toBe('light');
  });

  it('starts once per page and stops listening when stopped', () => {
    media = mockDarkScheme(false);
    stop = startThemeSync();
    expect(startThemeSync()).toBe(stop);
    expect(media.listenerCount()).toBe(1);
    stop();
    expect(media.listenerCount()).toBe(0);
    saveTheme('dark');
    expect(html().getAttribute('data-theme')).toBe('light');
    stop = undefined;
  });

  it('without matchMedia auto shows light', () => {
    const original = window.matchMedia;
    // @ts-expect-error jsdom-like window without matchMedia
    delete window.matchMedia;
    try {
      saveTheme('auto');
      stop = startThemeSync();
      expect(html().getAttribute('data-theme')).toBe('light');
    } finally {
      window.matchMedia = original;
    }
  });
});
