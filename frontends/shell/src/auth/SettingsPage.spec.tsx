import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greetingName } from './greeting';
import { PREFERENCES_KEY, startThemeSync } from '@paycadence/web-kit';
import { secondsUntilRotation } from './mfa-panel-messages';
import { CURRENCY_HINT, SettingsPage } from './SettingsPage';
import { TwoFactorPanel } from './TwoFactorPanel';
import { ANN, bodyOf, json, mockFetch, renderScreen, testSession } from './test-helpers';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('greeting (docs/product/accounts.md §2)', () => {
  it.each([
    [{ firstName: 'Ann', email: 'ann@example.com' }, 'Ann'],
    [{ firstName: '  ', email: 'sam.r@example.com' }, 'sam.r'],
    [{ firstName: null, email: '' }, 'there'],
    [null, 'there'],
  ])('%o → %s', (user, name) => expect(greetingName(user)).toBe(name));
});

describe('SettingsPage', () => {
  it('greets the user and has the six tabs; Profile links to /profile, Security to /forgot-password and the 2FA tab', async () => {
    mockFetch(() => json({ enabled: false, factors: [], backupCodesRemaining: 0 }));
    renderScreen(<SettingsPage />, { path: '/settings', user: ANN });
    expect(screen.getByRole('heading', { level: 1, name: /Hi Ann!/ })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', '2FA', 'Notifications', 'Preferences', 'Your data']);
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/profile');
    await userEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByRole('link', { name: 'Reset Password' }).getAttribute('href')).toBe('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Manage two-factor authentication' }));
    expect(screen.getByRole('tab', { name: '2FA' }).getAttribute('aria-selected')).toBe('true');
  });

  it('saves preferences under paycadence.preferences and reads them back; the theme offers Light, Dark and Auto', async () => {
    vi.useFakeTimers();
    const stopTheme = startThemeSync();
    try {
      const { unmount } = renderScreen(<SettingsPage />, { path: '/settings', user: ANN });
      fireEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
      fireEvent.change(screen.getByLabelText('Default view'), { target: { value: 'planner' } });
      fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'CAD' } });
      fireEvent.change(screen.getByLabelText('Date format'), { target: { value: 'YYYY-MM-DD' } });
      const theme = screen.getByLabelText('Theme') as HTMLSelectElement;
      expect(Array.from(theme.options).map((option) => [option.textContent, option.disabled])).toEqual([
        ['Light', false], ['Dark', false], ['Auto', false],
      ]);
      expect(theme).toHaveAccessibleDescription("Auto follows your device's light or dark setting.");
      expect(theme.value).toBe('light');
      fireEvent.change(theme, { target: { value: 'dark' } });
      // Like every preference, the theme changes when saved, not while choosing.
      expect(document.documentElement.getAttribute('data-theme')).toBe('light');
      fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).toEqual({ defaultView: 'planner', currency: 'CAD', dateFormat: 'YYYY-MM-DD', theme: 'dark' });
      expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
      unmount();
      renderScreen(<SettingsPage />, { path: '/settings', user: ANN });
      fireEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
      expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('CAD');
      expect((screen.getByLabelText('Theme') as HTMLSelectElement).value).toBe('dark');
    } finally {
      stopTheme();
      document.documentElement.removeAttribute('data-theme');
    }
  });

  it('says what each preference changes: currency honestly (amounts stay USD), dates with an example', () => {
    renderScreen(<SettingsPage />, { path: '/settings', user: ANN });
    fireEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    expect(screen.getByLabelText('Currency')).toHaveAccessibleDescription(CURRENCY_HINT);
    expect(CURRENCY_HINT).toMatch(/US dollars \(USD\).*does not convert/);
    expect(screen.getByLabelText('Default view')).toHaveAccessibleDescription('Where your dashboard opens.');
    const formats = Array.from((screen.getByLabelText('Date format') as HTMLSelectElement).options).map((option) => option.textContent);
    expect(formats).toEqual(['MM/DD/YYYY (11/27/2026)', 'DD/MM/YYYY (27/11/2026)', 'YYYY-MM-DD (2026-11-27)']);
  });
});

describe('TwoFactorPanel', () => {
  it('counts down to the next 30 s rotation', () => {
    expect(secondsUntilRotation(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe(30);
    expect(secondsUntilRotation(Date.UTC(2026, 0, 1, 0, 0, 29))).toBe(1);
  });

  it('walks check → method → setup → verify → complete, validating the code, then disables back to setup', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.startsWith('/api/mfa/status/')) return json({ enabled: false, factors: [], backupCodesRemaining: 0 });
      if (url === '/api/mfa/setup') return json({ success: true, qrCode: 'data:image/png;base64,AAAA', manualEntryKey: 'JBSWY3DPEHPK3PXPJBSWY3DP' });
      if (url === '/api/mfa/enable' || url === '/api/mfa/disable') {
        const { token, password } = bodyOf(init);
        if (password !== 'Secret-123!') return json({ success: false, error: 'Incorrect password', message: 'Incorrect password' }, 400);
        if (url === '/api/mfa/disable') return json({ success: true });
        return token === '111111'
          ? json({ success: true, codes: ['AAAAA-11111', 'BBBBB-22222', 'CCCCC-33333', 'DDDDD-44444'] })
          : json({ success: false, error: 'Invalid verification code', message: 'Invalid verification code' }, 400);
      }
      return json({}, 404);
    });
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ANN });

    const sms = await screen.findByRole('button', { name: /Text message \(SMS\)/ });
    expect((sms as HTMLButtonElement).disabled).toBe(true);
    expect(within(sms).getByText('Coming Soon')).toBeInTheDocument();
    // jsdom has no WebAuthn: the key method is shown, held, with the reason.
    const key = screen.getByRole('button', { name: /Security key or passkey/ }) as HTMLButtonElement;
    expect(key.disabled).toBe(true);
    expect(key).toHaveTextContent('This browser cannot use security keys or passkeys.');
    expect(within(key).queryByText('Coming Soon')).toBeNull();
    expect((fetchMock.mock.calls[0][1].headers as Record<string, string>).Authorization).toBe('Bearer at');

    await userEvent.click(screen.getByRole('button', { name: /Authenticator app/ }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DP')).toBeInTheDocument();
    expect(screen.getByText(/Current code changes in/)).toBeInTheDocument();
    expect(screen.getByText(/Previous codes are accepted for 2 minutes/)).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls[1][1])).toEqual({ userId: 'u1', userEmail: 'ann.lee@example.com' });

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    await userEvent.type(code, '12x34');
    expect(code.value).toBe('1234');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(screen.getByText('Please enter a 6-digit verification code')).toBeInTheDocument(); // no final period in the panel

    // The password is asked again in the same step: required, then checked by the server.
    await userEvent.clear(code);
    await userEvent.type(code, '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(screen.getByText('Please enter your current password')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/mfa/enable')).toHaveLength(0);
    const password = screen.getByLabelText('Current password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    await userEvent.type(password, 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(password.value).toBe('');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(code.value).toBe('999999'); // only the wrong field is emptied

    await userEvent.type(password, 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Verification code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Two-factor authentication is now enabled.')).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls.filter(([url]) => url === '/api/mfa/enable').at(-1)![1])).toEqual({ userId: 'u1', token: '111111', password: 'Secret-123!' });
    const codes = screen.getByRole('list', { name: 'Backup codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(4);
    expect(codes.className).toContain('pc-mfa__codes'); // the two-column grid

    await userEvent.type(screen.getByLabelText('Current code from your app or a backup code'), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(screen.getByText('Please enter your current password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls.find(([url]) => url === '/api/mfa/disable')![1])).toEqual({ userId: 'u1', token: '222222', password: 'Secret-123!' });
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByText('JBSWY3DPEHPK3PXPJBSWY3DP')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Backup codes' })).toBeNull();
  });

  it('after enabling, refreshes into the aal2 session the server raised, so new backup codes work at once', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/mfa/status/')) return json({ enabled: false, factors: [], backupCodesRemaining: 0 });
      if (url === '/api/mfa/setup') return json({ success: true, qrCode: 'data:image/png;base64,AAAA', manualEntryKey: 'JBSWY3DPEHPK3PXP' });
      if (url === '/api/mfa/enable') return json({ success: true, codes: ['AAAAA-11111'], aal: 'aal2' });
      if (url === '/api/auth/refresh') return json({ session: testSession('at-aal2') });
      if (url.startsWith('/api/mfa/backup-codes/')) return json({ codes: ['NEWAA-22222'] });
      return json({}, 404);
    });
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ANN });
    await userEvent.click(await screen.findByRole('button', { name: /Authenticator app/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.type(screen.getByLabelText('Verification code'), '111111');
    await userEvent.type(screen.getByLabelText('Current password'), 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Two-factor authentication is now enabled.')).toBeInTheDocument();
    // The refresh rides on the HttpOnly cookie: an empty body, the CSRF header, same-origin credentials.
    const refresh = fetchMock.mock.calls.find(([url]) => url === '/api/auth/refresh')![1];
    expect(bodyOf(refresh)).toEqual({});
    expect(refresh.credentials).toBe('same-origin');
    expect((refresh.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');

    // Regenerating asks first: the old codes stop working. Keeping them sends nothing.
    const askedFor = () => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/mfa/backup-codes/')).length;
    await userEvent.click(screen.getByRole('button', { name: 'Generate new backup codes' }));
    expect(screen.getByRole('dialog', { name: 'Replace your backup codes?' }).textContent).toContain('the old codes stop working');
    await userEvent.click(screen.getByRole('button', { name: 'Keep my current codes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(askedFor()).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Generate new backup codes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Replace codes' }));
    expect(await screen.findByText('NEWAA-22222')).toBeInTheDocument();
    expect(askedFor()).toBe(1);
    const regenerate = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/mfa/backup-codes/'))!;
    expect((regenerate[1].headers as Record<string, string>).Authorization).toBe('Bearer at-aal2');
  });

  it('opens on complete when already enabled', async () => {
    mockFetch(() => json({ enabled: true, factors: [], backupCodesRemaining: 10 }));
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: { ...ANN, mfa_enabled: true } });
    expect(await screen.findByRole('button', { name: 'Disable two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
  });

  it('shows the unavailable error and the backend instruction box when the status check fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ANN });
    expect(await screen.findByText('MFA service temporarily unavailable. Backend server may not be running.')).toBeInTheDocument();
    expect(screen.getByText('A backend server is required')).toBeInTheDocument();
  });
});
