import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { RegisterPage } from './RegisterPage';
import { readResetLinkTokens } from './reset-link';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SIGNED_IN_HINT_KEY } from '@paycadence/contracts';
import { resetBrowserSession } from '@paycadence/web-kit/testing';
import { ANN, bodyOf, json, mockFetch, renderScreen, testSession } from './test-helpers';

afterEach(() => {
  resetBrowserSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RegisterPage', () => {
  it('shows the three sections, the 50 states and the links', () => {
    renderScreen(<RegisterPage />, { path: '/register' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeInTheDocument();
    for (const section of ['Personal Information', 'Address Information', 'Security Information']) {
      expect(screen.getByRole('group', { name: section })).toBeInTheDocument();
    }
    const states = screen.getByLabelText('State') as HTMLSelectElement;
    expect(Array.from(states.options).filter((option) => option.value)).toHaveLength(50);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('shows the verbatim per-field messages and clears a field’s error when it is edited', async () => {
    const fetchMock = mockFetch(() => json({}));
    renderScreen(<RegisterPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.type(screen.getByLabelText('Date of birth'), '2015-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of [
      'First name is required', 'Last name is required', 'Please enter a valid email address',
      'Password must be at least 8 characters', 'Passwords do not match', 'Phone number is required',
      'You must be at least 18 years old to register', 'Street address is required', 'City is required',
      'State is required', 'ZIP code is required', 'Last 4 digits of SSN are required',
      'You must agree to the Terms of Service', 'You must agree to the Privacy Policy',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('First name'), 'A');
    expect(screen.queryByText('First name is required')).toBeNull();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  async function fillValidForm() {
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('First name', 'Ann');
    fill('Last name', 'Lee');
    fill('Email', 'Ann.Lee@example.com');
    fill('Phone', '(555) 123-4567');
    fill('Date of birth', '1990-05-01');
    fill('Street address', '1 Main St');
    fill('City', 'Austin');
    fill('State', 'TX');
    fill('ZIP code', '73301');
    fill('Password', 'Secret-123!');
    fill('Confirm password', 'Secret-123!');
    fill('Last 4 digits of SSN', '1234');
    await userEvent.click(screen.getByLabelText(/Terms of Service/));
    await userEvent.click(screen.getByLabelText(/Privacy Policy/));
  }

  it('posts the documented body (country US), keeps the session (token in memory, hint only) and goes to /dashboard', async () => {
    const fetchMock = mockFetch(() => json({ user: ANN, session: testSession('a') }, 201));
    localStorage.clear();
    renderScreen(<RegisterPage />, { path: '/register', pageSession: true });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/register');
    expect(bodyOf(init)).toMatchObject({
      firstName: 'Ann', email: 'Ann.Lee@example.com', ssn: '1234',
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
    });
    // The access token stays in memory (the refresh token is the server's HttpOnly cookie): only the hint is stored.
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    expect(Object.values({ ...localStorage })).toEqual(['1']);
  });

  it.each([
    [() => json({ message: 'An account with this email already exists. Please sign in instead.' }, 409), 'An account with this email already exists. Please sign in instead.'],
    [() => json({}, 500), 'Registration failed. Please try again.'],
    [() => Promise.reject(new TypeError('offline')), 'Network error. Please try again.'],
  ])('shows the failure message (%#)', async (answer, message) => {
    mockFetch(answer);
    renderScreen(<RegisterPage />, { path: '/register' });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    // The message sits above a long form: it takes the focus, so nobody is left looking at the button.
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it("makes 'sign in instead' of a taken e-mail a link to the sign-in screen", async () => {
    mockFetch(() => json({ message: 'An account with this email already exists. Please sign in instead.' }, 409));
    renderScreen(<RegisterPage />, { path: '/register' });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const link = await within(await screen.findByRole('alert')).findByRole('link', { name: 'sign in instead' });
    expect(link).toHaveAttribute('href', '/login');
  });

  it('focuses the first invalid field of a refused form', async () => {
    renderScreen(<RegisterPage />, { path: '/register' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
  });
});

describe('ForgotPasswordPage', () => {
  it('shows the server message in green, or the red error', async () => {
    let fail = false;
    mockFetch(() => (fail ? json({ message: 'Too many requests' }, 429) : json({ message: 'If an account with that email exists, a password reset link has been sent.' })));
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const success = await screen.findByText('If an account with that email exists, a password reset link has been sent.');
    expect(success.closest('.pc-alert')?.className).toContain('pc-alert--success');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const error = await screen.findByText('Too many requests');
    expect(error.closest('.pc-alert')?.className).toContain('pc-alert--error');
  });
});

describe('reset link', () => {
  it('reads both tokens from the fragment, and nothing when either is missing', () => {
    expect(readResetLinkTokens('#access_token=abc&refresh_token=def&type=recovery')).toEqual({ accessToken: 'abc', refreshToken: 'def' });
    expect(readResetLinkTokens('#access_token=abc&type=recovery')).toBeNull();
    expect(readResetLinkTokens('#refresh_token=def')).toBeNull();
    expect(readResetLinkTokens('')).toBeNull();
  });

  it('shows the invalid-link error with submit disabled when tokens are missing', async () => {
    renderScreen(<ResetPasswordPage />, { path: '/reset-password' });
    expect(await screen.findByText('Invalid reset link. Please request a new password reset.')).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Reset password' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Password must contain at least 8 characters with uppercase, lowercase, number, and special character.')).toBeInTheDocument();
  });

  it('checks the match, updates the password with the recovery token, then goes to /login after 3 s', async () => {
    const fetchMock = mockFetch(() => json({ success: true }));
    renderScreen(<ResetPasswordPage />, { path: '/reset-password#access_token=recovery-1&refresh_token=r-1&type=recovery' });
    const newPassword = await screen.findByLabelText('New password');
    fireEvent.change(newPassword, { target: { value: 'Fresh-Start-1!' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Fresh-Start-2!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Fresh-Start-1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Password reset successfully! Redirecting to login...')).toBeInTheDocument();
    // The form is gone (no greyed 'Resetting...' button beside the message); a link goes now.
    expect(screen.queryByRole('button', { name: /Reset|Resetting/ })).toBeNull();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in now' }).getAttribute('href')).toBe('/login');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/update-password');
    expect(bodyOf(init)).toEqual({ password: 'Fresh-Start-1!' });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer recovery-1');
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.queryByTestId('location')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
