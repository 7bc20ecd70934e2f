import { SECURITY_KEY_MESSAGES } from '@paycadence/contracts';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_CODE_FORMAT_MESSAGE, SignInPage } from './SignInPage';
import { ANN, bodyOf, json, mockFetch, renderScreen, testSession } from './test-helpers';

// The browser's WebAuthn stands in for a person choosing a passkey; by default the browser has none of it.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => false),
  browserSupportsWebAuthnAutofill: vi.fn(async () => false),
  startAuthentication: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));

const ASSERTION = {
  id: 'cGFzc2tleS0x',
  rawId: 'cGFzc2tleS0x',
  type: 'public-key' as const,
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgO', signature: 'MEUCIQ', userHandle: 'dTE' },
  clientExtensionResults: {},
};
const PASSKEY_OPTIONS = { challenge: 'cGFzc2tleQ', rpId: 'localhost' };
const KEY_OPTIONS = { challenge: 'a2V5', rpId: 'localhost', allowCredentials: [{ id: 'a2V5LTE', type: 'public-key' }] };
const mfaRequired = (factors: string[]) => ({ mfa_required: true, mfa_token: 'challenge', userId: 'u1', message: 'Please enter your 2FA code to complete login.', factors });
const cancelled = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
const aborted = () => Object.assign(new Error('Cancelling existing WebAuthn API call for new one'), { name: 'AbortError' });

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReset().mockReturnValue(false);
  vi.mocked(browserSupportsWebAuthnAutofill).mockReset().mockResolvedValue(false);
  vi.mocked(startAuthentication).mockReset().mockResolvedValue(ASSERTION);
  vi.mocked(WebAuthnAbortService.cancelCeremony).mockReset();
});
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
      if (url === '/api/auth/login') return json({ ...mfaRequired(['totp']), message: 'MFA required' });
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
        ? json(mfaRequired(['totp']))
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
      if (url === '/api/auth/login') return json(mfaRequired(['totp']));
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
    mockFetch(() => json(mfaRequired(['totp'])));
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
    mockFetch((url) => (url === '/api/auth/login' ? json(mfaRequired(['totp'])) : json({ message }, status)));
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Invalid verification code. Please try again.')).toBeNull();
  });

  it('offers no passkey where the browser cannot hold a WebAuthn ceremony', () => {
    renderScreen(<SignInPage />, { path: '/login' });
    expect(screen.queryByRole('button', { name: SECURITY_KEY_MESSAGES.signInWithPasskey })).toBeNull();
    expect(browserSupportsWebAuthnAutofill).toHaveBeenCalled();
    expect(startAuthentication).not.toHaveBeenCalled();
  });
});

describe('SignInPage: passkeys', () => {
  beforeEach(() => vi.mocked(browserSupportsWebAuthn).mockReturnValue(true));

  it('signs in with a passkey and lands where a sign-in lands, the calls carrying the ceremony cookie', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/passkey/options') return json({ options: PASSKEY_OPTIONS });
      if (url === '/api/auth/passkey/sign-in') return json({ user: ANN, session: testSession('passkey-at') });
      return json({}, 404);
    });
    renderScreen(<SignInPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.signInWithPasskey }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/passkey/options', '/api/auth/passkey/sign-in']);
    const [options, signIn] = fetchMock.mock.calls.map(([, init]) => init);
    expect(bodyOf(options)).toEqual({});
    expect(vi.mocked(startAuthentication).mock.calls[0][0]).toEqual({ optionsJSON: PASSKEY_OPTIONS, useBrowserAutofill: false });
    expect(bodyOf(signIn)).toEqual({ credential: ASSERTION });
    for (const init of [options, signIn]) {
      expect(init.credentials).toBe('same-origin');
      expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    }
  });

  it('says the request was cancelled when the browser dialog is closed, and signs nothing in', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(cancelled());
    const fetchMock = mockFetch(() => json({ options: PASSKEY_OPTIONS }));
    renderScreen(<SignInPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.signInWithPasskey }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_KEY_MESSAGES.cancelled);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/passkey/sign-in')).toBe(false);
    expect(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.signInWithPasskey })).toBeEnabled();
  });

  it("shows the server's refusal of a passkey it does not know", async () => {
    mockFetch((url) =>
      url === '/api/auth/passkey/options' ? json({ options: PASSKEY_OPTIONS }) : json({ message: SECURITY_KEY_MESSAGES.unknownPasskey }, 401),
    );
    renderScreen(<SignInPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.signInWithPasskey }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_KEY_MESSAGES.unknownPasskey);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  describe("in the e-mail field's autofill (conditional mediation)", () => {
    beforeEach(() => vi.mocked(browserSupportsWebAuthnAutofill).mockResolvedValue(true));

    it('waits from the start and signs in with the passkey picked there', async () => {
      let pick: (credential: typeof ASSERTION) => void = () => undefined;
      vi.mocked(startAuthentication).mockImplementation(() => new Promise((resolve) => (pick = resolve)));
      const fetchMock = mockFetch((url) =>
        url === '/api/auth/passkey/options' ? json({ options: PASSKEY_OPTIONS }) : json({ user: ANN, session: testSession('passkey-at') }),
      );
      renderScreen(<SignInPage />, { path: '/login' });
      expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
      await waitFor(() => expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: PASSKEY_OPTIONS, useBrowserAutofill: true }));
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/passkey/sign-in')).toBe(false);

      pick(ASSERTION);
      expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
      expect(bodyOf(fetchMock.mock.calls.find(([url]) => url === '/api/auth/passkey/sign-in')![1])).toEqual({ credential: ASSERTION });
    });

    it('never shows an error of its own: a failed challenge or an ended ceremony pass in silence', async () => {
      mockFetch(() => json({ message: 'Service unavailable' }, 503));
      const first = renderScreen(<SignInPage />, { path: '/login' });
      await waitFor(() => expect(browserSupportsWebAuthnAutofill).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('alert')).toBeNull();
      first.unmount();

      vi.mocked(startAuthentication).mockRejectedValue(aborted());
      mockFetch(() => json({ options: PASSKEY_OPTIONS }));
      renderScreen(<SignInPage />, { path: '/login' });
      await waitFor(() => expect(startAuthentication).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('ends the waiting ceremony when the page goes, and gives way to the button', async () => {
      vi.mocked(startAuthentication).mockImplementationOnce(() => new Promise(() => undefined));
      mockFetch((url) =>
        url === '/api/auth/passkey/options' ? json({ options: PASSKEY_OPTIONS }) : json({ user: ANN, session: testSession('passkey-at') }),
      );
      const page = renderScreen(<SignInPage />, { path: '/login' });
      await waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(1));

      // The button's own ceremony replaces it (the browser ends the waiting one), and signs in.
      await userEvent.click(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.signInWithPasskey }));
      expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
      expect(vi.mocked(startAuthentication).mock.calls[1][0]).toEqual({ optionsJSON: PASSKEY_OPTIONS, useBrowserAutofill: false });
      page.unmount();

      vi.mocked(startAuthentication).mockImplementationOnce(() => new Promise(() => undefined));
      vi.mocked(WebAuthnAbortService.cancelCeremony).mockClear();
      const again = renderScreen(<SignInPage />, { path: '/login' });
      await waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(3));
      again.unmount();
      expect(WebAuthnAbortService.cancelCeremony).toHaveBeenCalledTimes(1);
    });
  });
});

describe('SignInPage: the code step with a security key', () => {
  beforeEach(() => vi.mocked(browserSupportsWebAuthn).mockReturnValue(true));

  it("offers the key only when the login answer's factors include it", async () => {
    mockFetch(() => json(mfaRequired(['totp'])));
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SECURITY_KEY_MESSAGES.useKey })).toBeNull();
  });

  it('verifies with the key, both calls carrying the challenge token, and signs in', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/login') return json(mfaRequired(['totp', 'webauthn']));
      if (url === '/api/mfa/keys/sign-in-options') return json({ options: KEY_OPTIONS });
      if (url === '/api/mfa/verify-key') return json({ valid: true, user: ANN, session: testSession('aal2') });
      return json({}, 404);
    });
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    expect(await screen.findByText('Enter the current code from your authenticator app, or use your security key.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.useKey }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');

    const options = fetchMock.mock.calls.find(([url]) => url === '/api/mfa/keys/sign-in-options')![1];
    const verify = fetchMock.mock.calls.find(([url]) => url === '/api/mfa/verify-key')![1];
    expect(bodyOf(options)).toEqual({ userId: 'u1' });
    expect(vi.mocked(startAuthentication).mock.calls.at(-1)![0]).toMatchObject({ optionsJSON: KEY_OPTIONS });
    expect(bodyOf(verify)).toEqual({ userId: 'u1', credential: ASSERTION });
    for (const init of [options, verify]) expect((init.headers as Record<string, string>).Authorization).toBe('Bearer challenge');
  });

  it("shows the server's refusal of the key, and the cancelled message when the dialog is closed", async () => {
    mockFetch((url) => {
      if (url === '/api/auth/login') return json(mfaRequired(['totp', 'webauthn']));
      if (url === '/api/mfa/keys/sign-in-options') return json({ options: KEY_OPTIONS });
      return json({ valid: false, message: SECURITY_KEY_MESSAGES.notVerified }, 401);
    });
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    await userEvent.click(await screen.findByRole('button', { name: SECURITY_KEY_MESSAGES.useKey }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_KEY_MESSAGES.notVerified);

    vi.mocked(startAuthentication).mockRejectedValueOnce(cancelled());
    await userEvent.click(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.useKey }));
    expect(await screen.findByText(SECURITY_KEY_MESSAGES.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
  });

  it('with keys only, leads with the key and takes a backup code in the code field', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/login') return json(mfaRequired(['webauthn']));
      return bodyOf(init).token === 'ABCDE-23456' ? json({ valid: true, user: ANN, session: testSession('a') }) : json({}, 404);
    });
    renderScreen(<SignInPage />, { path: '/login' });
    await submitCredentials();
    expect(await screen.findByRole('button', { name: SECURITY_KEY_MESSAGES.useKey })).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a backup code instead' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Backup code'), 'ABCDE-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(bodyOf(fetchMock.mock.calls.find(([url]) => url === '/api/mfa/verify')![1])).toEqual({ userId: 'u1', token: 'ABCDE-23456' });
  });
});
