import { DARK_SCHEME_QUERY, PREFERENCES_KEY } from '@paycadence/web-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import source from '../public/theme-init.js?raw';

// public/theme-init.js runs before the app and web-kit: it must read the same key and mean the same by each choice.
const run = () => new Function(source)();

function deviceDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({ matches: query === DARK_SCHEME_QUERY && dark, media: query })) as unknown as typeof window.matchMedia;
}

describe('public/theme-init.js', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('reads web-kit’s preference key', () => {
    expect(source).toContain(`'${PREFERENCES_KEY}'`);
    expect(source).toContain(`'${DARK_SCHEME_QUERY}'`);
  });

  it.each([
    [null, false, 'light'],
    [null, true, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['auto', false, 'light'],
    ['auto', true, 'dark'],
    ['sepia', true, 'light'],
  ])('a saved %s with the device dark=%s sets %s', (theme, dark, shown) => {
    deviceDark(dark);
    if (theme) localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ dateFormat: 'MM/DD/YYYY', theme }));
    run();
    expect(document.documentElement.getAttribute('data-theme')).toBe(shown);
    expect(document.documentElement.style.colorScheme).toBe(shown);
  });

  it('unreadable storage falls back to light', () => {
    localStorage.setItem(PREFERENCES_KEY, '{not json');
    run();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});
