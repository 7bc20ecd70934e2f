import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../format/format.js';
import { DEFAULT_PREFERENCES, loadPreferences, PREFERENCES_KEY, savedDefaultView, savePreferences } from './preferences.js';

describe('dates follow the saved date format', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['MM/DD/YYYY', '11/27/2026'],
    ['DD/MM/YYYY', '27/11/2026'],
    ['YYYY-MM-DD', '2026-11-27'],
  ] as const)('%s shows 27 November 2026 as %s', (dateFormat, expected) => {
    savePreferences({ ...DEFAULT_PREFERENCES, dateFormat });
    expect(formatDate('2026-11-27')).toBe(expected);
    expect(formatDateTime(new Date(2026, 10, 27, 15, 5))).toBe(`${expected}, 3:05 PM`);
  });

  it('without a saved choice uses MM/DD/YYYY, what the settings screen shows selected', () => {
    expect(loadPreferences().dateFormat).toBe('MM/DD/YYYY');
    expect(formatDate('2026-11-27')).toBe('11/27/2026');
  });

  it('ignores a stored value that is not one of the offered formats', () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ dateFormat: 'D.M.YY' }));
    expect(formatDate('2026-11-27')).toBe('11/27/2026');
  });

  it('knows whether a default view was ever saved', () => {
    expect(savedDefaultView()).toBeNull();
    savePreferences({ ...DEFAULT_PREFERENCES, defaultView: 'planner' });
    expect(savedDefaultView()).toBe('planner');
  });
});
