import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { BACKUP_CODE_FORMAT_MESSAGE, SignInPage } from './SignInPage';
import { ANN, bodyOf, json, mockFetch, renderScreen, testSession } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

async function submitCredentials() {
  await userEvent.type(screen.getByLabelText('Email'), 'ann.lee@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret-123!');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInPage', () => {
  it('has the links of docs/product/accounts.md §2 and shows the auth error on failure', async () => {
    mockFetch(() => json({ message: 'Invalid email or password' }, 401));
    renderScreen(<SignInPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create a new account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Try the demo' }).getAttribute('href')).toBe('/demo');
    await submitCredentials();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('goes to /dashboard when no second factor is needed', async () => {
    mockFetch(() => json({ user: ANN, session: testSession('a') }));
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('sends a signed-in visitor straight to /dashboard', () => {
    renderScreen(<SignInPage />, { path: '/login', user: ANN });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it('runs the two-step flow: prompt, format check, invalid code cleared, back to login, then success', async () => {
    let verifyCalls = 0;
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/login') return json({ mfa_required: true, mfa_token: 'challenge', userId: 'u1', message: 'MFA required' });
      verifyCalls += 1;
      return bodyOf(init).token === '654321'
        ? json({ valid: true, user: ANN, session: testSession('a') })
        : json({ valid: false, message: 'Invalid verification code' }, 401);
    });
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();

    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect(screen.getByText('Please enter your 2FA code to complete login.')).toBeInTheDocument();

    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    await userEvent.type(code, '12a3');
    expect(code.value).toBe('123'); // digits only
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(screen.getByText('Please enter a 6-digit verification code.')).toBeInTheDocument();
    expect(verifyCalls).toBe(0);

    await userEvent.type(code, '456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeInTheDocument();
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');

    // Back to Login clears the code, the message and the stored user id.
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid verification code. Please try again.')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');
    await userEvent.type(screen.getByLabelText('Verification code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    const verify = fetchMock.mock.calls.filter(([url]) => url === '/api/mfa/verify').at(-1)!;
    expect(bodyOf(verify[1])).toEqual({ userId: 'u1', token: '654321' });
    expect((verify[1].headers as Record<string, string>).Authorization).toBe('Bearer challenge');
  });

  it("says 'Failed to verify MFA code. Please try again.' when the verify call gets no answer", async () => {
    mockFetch((url) =>
      url === '/api/auth/login'
        ? json({ mfa_required: true, mfa_token: 'challenge', userId: 'u1', message: 'Please enter your 2FA code to complete login.' })
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Failed to verify MFA code. Please try again.')).toBeInTheDocument();
  });
  it('takes a backup code instead of the 6-digit code and sends it as token', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/login') return json({ mfa_required: true, mfa_token: 'challenge', userId: 'u1', message: 'Please enter your 2FA code to complete login.' });
      return bodyOf(init).token === 'ABCDE-23456'
        ? json({ valid: true, user: ANN, session: testSession('a') })
        : json({ valid: false, message: 'Invalid verification code. Please try again.' }, 401);
    });
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    const backup = screen.getByLabelText('Backup code') as HTMLInputElement;

    // Letters, digits and '-' only; a half code is refused before any call.
    await userEvent.type(backup, 'ab!c d');
    expect(backup.value).toBe('abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(screen.getByText(BACKUP_CODE_FORMAT_MESSAGE)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/mfa/verify')).toBe(false);

    await userEvent.clear(backup);
    await userEvent.type(backup, 'ZZZZZ-99999');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeInTheDocument();
    expect((screen.getByLabelText('Backup code') as HTMLInputElement).value).toBe('');

    await userEvent.type(screen.getByLabelText('Backup code'), 'ABCDE-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    const verify = fetchMock.mock.calls.filter(([url]) => url === '/api/mfa/verify').at(-1)!;
    expect(bodyOf(verify[1])).toEqual({ userId: 'u1', token: 'ABCDE-23456' });
  });

  it('switches back to the 6-digit code and keeps its format check', async () => {
    mockFetch(() => json({ mfa_required: true, mfa_token: 'challenge', userId: 'u1', message: 'Please enter your 2FA code to complete login.' }));
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
    await userEvent.type(screen.getByLabelText('Backup code'), 'ABCDE');
    await userEvent.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    expect(code.value).toBe('');
    await userEvent.type(code, 'ABCDE-123');
    expect(code.value).toBe('123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(screen.getByText('Please enter a 6-digit verification code.')).toBeInTheDocument();
  });

  it.each([
    ['too many attempts (429)', 429, 'Too many failed sign-in attempts. Please try again in 15 minutes.'],
    ['an expired challenge (401)', 401, 'Your session has expired. Please sign in again.'],
    ["the account's slowing (429 naming its own wait)", 429, 'Too many attempts for this account. Please wait 8 seconds and try again.'],
  ])("shows the server's message for %s instead of the wrong-code text", async (_case, status, message) => {
    mockFetch((url) => (url === '/api/auth/login' ? json({ mfa_required: true, mfa_token: 'challenge', userId: 'u1', message: 'Please enter your 2FA code to complete login.' }) : json({ message }, status)));
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Invalid verification code. Please try again.')).toBeNull();
  });
});
