import { SECURITY_KEY_MESSAGES, type MfaFactorView } from '@paycadence/contracts';
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TwoFactorPanel } from './TwoFactorPanel';
import { ANN, bodyOf, json, mockFetch, renderScreen, testSession } from './test-helpers';

// The browser's WebAuthn ceremonies stand in for a person touching a key: what they answer is what the panel sends.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const REGISTRATION = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZQ',
    transports: ['usb' as const],
  },
  authenticatorAttachment: 'cross-platform' as const,
  clientExtensionResults: {},
};
const ASSERTION = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgO',
    signature: 'MEUCIQ',
  },
  clientExtensionResults: {},
};
const CREATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'PayCadence', id: 'localhost' },
  user: { id: 'dTE', name: ANN.email, displayName: 'Ann Lee' },
  pubKeyCredParams: [],
};
const REQUEST_OPTIONS = {
  challenge: 'YXNzZXJ0',
  rpId: 'localhost',
  allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }],
};

const APP: MfaFactorView = {
  id: 'f-app',
  factor_type: 'totp',
  status: 'verified',
  friendly_name: 'Authenticator app',
};
const YUBIKEY: MfaFactorView = {
  id: 'f-yubikey',
  factor_type: 'webauthn',
  status: 'verified',
  friendly_name: 'YubiKey',
  created_at: '2026-03-04T12:00:00.000Z',
  last_used_at: '2026-05-06T12:00:00.000Z',
};
const LAPTOP: MfaFactorView = {
  id: 'f-laptop',
  factor_type: 'webauthn',
  status: 'verified',
  friendly_name: 'Work laptop',
  created_at: '2026-04-01T12:00:00.000Z',
  last_used_at: null,
};

const cancelled = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
const status = (factors: MfaFactorView[]) =>
  json({ enabled: factors.length > 0, factors, backupCodesRemaining: factors.length > 0 ? 10 : 0 });
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path);
const ENABLED_ANN = { ...ANN, mfa_enabled: true };

beforeEach(() => {
  localStorage.clear();
  vi.mocked(browserSupportsWebAuthn).mockReset().mockReturnValue(true);
  vi.mocked(startRegistration).mockReset().mockResolvedValue(REGISTRATION);
  vi.mocked(startAuthentication).mockReset().mockResolvedValue(ASSERTION);
});
afterEach(() => vi.unstubAllGlobals());

describe('TwoFactorPanel: security keys and passkeys', () => {
  it('adds a key as the first second factor: options, the browser, then the key; backup codes shown and the key listed', async () => {
    const order: string[] = [];
    vi.mocked(startRegistration).mockImplementation(async () => {
      order.push('browser');
      return REGISTRATION;
    });
    let added = false;
    const fetchMock = mockFetch((url) => {
      order.push(url);
      if (url === '/api/mfa/status/u1') return status(added ? [{ ...LAPTOP, friendly_name: 'YubiKey' }] : []);
      if (url === '/api/mfa/keys/registration-options') return json({ options: CREATION_OPTIONS });
      if (url === '/api/mfa/keys') {
        added = true;
        return json({ success: true, codes: ['AAAAA-11111', 'BBBBB-22222'], aal: 'aal2' });
      }
      if (url === '/api/auth/refresh') return json({ session: testSession('at-aal2') });
      return json({}, 404);
    });
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ANN });

    await userEvent.click(await screen.findByRole('button', { name: /Security key or passkey/ }));
    expect(screen.getByText('Add key', { selector: '[aria-current="step"]' })).toBeInTheDocument();

    // Nothing goes out without a name and the password.
    await userEvent.click(screen.getByRole('button', { name: 'Add security key' }));
    expect(screen.getByText(SECURITY_KEY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText('Please enter your current password')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/mfa/keys/registration-options')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Key name'), '  YubiKey ');
    await userEvent.type(screen.getByLabelText('Current password'), 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: 'Add security key' }));

    expect(
      await screen.findByText('Security key added. Two-factor authentication is now enabled.'),
    ).toBeInTheDocument();
    expect(order.slice(1, 4)).toEqual(['/api/mfa/keys/registration-options', 'browser', '/api/mfa/keys']);
    expect(bodyOf(callsTo(fetchMock, '/api/mfa/keys/registration-options')[0][1])).toEqual({ userId: 'u1' });
    expect(vi.mocked(startRegistration).mock.calls[0][0]).toEqual({ optionsJSON: CREATION_OPTIONS });
    expect(bodyOf(callsTo(fetchMock, '/api/mfa/keys')[0][1])).toEqual({
      userId: 'u1',
      name: 'YubiKey',
      password: 'Secret-123!',
      credential: REGISTRATION,
    });
    // The key proved the second factor: the session is refreshed into aal2.
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(1);

    expect(within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    const keys = await screen.findByRole('list', { name: 'Security keys and passkeys' });
    expect(within(keys).getByText('YubiKey')).toBeInTheDocument();
    expect(
      screen.getByText('Your account asks for your security key each time you sign in.'),
    ).toBeInTheDocument();
  });

  it('lists each key with when it was added and last used', async () => {
    mockFetch(() => status([APP, YUBIKEY, LAPTOP]));
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ENABLED_ANN });
    const keys = await screen.findByRole('list', { name: 'Security keys and passkeys' });
    const [yubikey, laptop] = within(keys).getAllByRole('listitem');
    expect(yubikey).toHaveTextContent('YubiKey');
    expect(within(yubikey).getByText('Added 03/04/2026')).toBeInTheDocument();
    expect(within(yubikey).getByText('Last used 05/06/2026')).toBeInTheDocument();
    expect(within(laptop).getByText('Never used')).toBeInTheDocument();
    expect(within(laptop).getByRole('button', { name: 'Remove Work laptop' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account asks for a code from your authenticator app or one of your security keys each time you sign in.',
      ),
    ).toBeInTheDocument();
    // The app is on: no offer to set it up, the code field names both kinds of code.
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
    expect(screen.getByLabelText('Current code from your app or a backup code')).toBeInTheDocument();
  });

  it('asks for the password to remove a key, and shows the refusal of removing the last second factor', async () => {
    let keys = [YUBIKEY, LAPTOP];
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/mfa/status/u1') return status(keys);
      if (url === '/api/mfa/keys/f-laptop/remove') {
        if (bodyOf(init).password !== 'Secret-123!')
          return json({ success: false, message: 'Incorrect password' }, 400);
        keys = [YUBIKEY];
        return json({ success: true });
      }
      if (url === '/api/mfa/keys/f-yubikey/remove')
        return json({ success: false, message: SECURITY_KEY_MESSAGES.lastFactor }, 400);
      return json({}, 404);
    });
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ENABLED_ANN });

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Work laptop?' });
    const password = within(dialog).getByLabelText('Current password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    expect(within(dialog).getByText('Please enter your current password')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/mfa/keys/f-laptop/remove')).toHaveLength(0);

    await userEvent.type(password, 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();
    expect(password).toHaveValue('');

    await userEvent.type(password, 'Secret-123!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    expect(await screen.findByText(SECURITY_KEY_MESSAGES.removed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(callsTo(fetchMock, '/api/mfa/keys/f-laptop/remove').at(-1)![1])).toEqual({
      userId: 'u1',
      password: 'Secret-123!',
    });
    expect(screen.queryByText('Work laptop')).toBeNull();

    // The last second factor stays: the server's refusal is the panel's error.
    await userEvent.click(screen.getByRole('button', { name: 'Remove YubiKey' }));
    await userEvent.type(
      within(screen.getByRole('dialog', { name: 'Remove YubiKey?' })).getByLabelText('Current password'),
      'Secret-123!',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_KEY_MESSAGES.lastFactor);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Security keys and passkeys' })).getByText('YubiKey'),
    ).toBeInTheDocument();
  });

  it('turns two-factor off with a security key instead of a code', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/mfa/status/u1') return status([YUBIKEY]);
      if (url === '/api/mfa/keys/assertion-options') return json({ options: REQUEST_OPTIONS });
      if (url === '/api/mfa/disable') return json({ success: true });
      return json({}, 404);
    });
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ENABLED_ANN });

    // Keys only: the code field takes a backup code, and the app can be set up.
    expect(await screen.findByLabelText('Backup code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.useKey }));
    expect(screen.getByText('Please enter your current password')).toBeInTheDocument();
    expect(startAuthentication).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Current password'), 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: SECURITY_KEY_MESSAGES.useKey }));
    expect(await screen.findByText('Two-factor authentication has been turned off.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, '/api/mfa/keys/assertion-options')[0][1])).toEqual({ userId: 'u1' });
    expect(vi.mocked(startAuthentication).mock.calls[0][0]).toMatchObject({ optionsJSON: REQUEST_OPTIONS });
    expect(bodyOf(callsTo(fetchMock, '/api/mfa/disable')[0][1])).toEqual({
      userId: 'u1',
      password: 'Secret-123!',
      credential: ASSERTION,
    });
    expect(screen.getByText('Not enabled')).toBeInTheDocument();
  });

  it('says the request was cancelled when the browser dialog is closed, and sends nothing', async () => {
    vi.mocked(startRegistration).mockRejectedValue(cancelled());
    const fetchMock = mockFetch((url) => {
      if (url === '/api/mfa/status/u1') return status([APP]);
      if (url === '/api/mfa/keys/registration-options') return json({ options: CREATION_OPTIONS });
      return json({}, 404);
    });
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ENABLED_ANN });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a security key' }));
    await userEvent.type(screen.getByLabelText('Key name'), 'Phone');
    await userEvent.type(screen.getByLabelText('Current password'), 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: 'Add security key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_KEY_MESSAGES.cancelled);
    expect(callsTo(fetchMock, '/api/mfa/keys')).toHaveLength(0);
    // Still on the key step, with what was typed, to try again.
    expect(screen.getByLabelText('Key name')).toHaveValue('Phone');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Add a security key' })).toBeInTheDocument();
  });

  it("adds another key without new backup codes, and shows the server's refusal as it is", async () => {
    let keysAdded = 0;
    mockFetch((url) => {
      if (url === '/api/mfa/status/u1') return status(keysAdded > 0 ? [YUBIKEY, LAPTOP] : [YUBIKEY]);
      if (url === '/api/mfa/keys/registration-options') return json({ options: CREATION_OPTIONS });
      if (url === '/api/mfa/keys') {
        keysAdded += 1;
        return keysAdded === 1
          ? json({ success: false, message: SECURITY_KEY_MESSAGES.alreadyAdded }, 409)
          : json({ success: true });
      }
      return json({}, 404);
    });
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ENABLED_ANN });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a security key' }));
    await userEvent.type(screen.getByLabelText('Key name'), 'Work laptop');
    await userEvent.type(screen.getByLabelText('Current password'), 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: 'Add security key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_KEY_MESSAGES.alreadyAdded);

    await userEvent.click(screen.getByRole('button', { name: 'Add security key' }));
    expect(await screen.findByText(SECURITY_KEY_MESSAGES.added)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Backup codes' })).toBeNull();
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
  });

  it('sets up the authenticator app beside the keys; enable then answers without backup codes', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/mfa/status/u1')
        return status(callsTo(fetchMock, '/api/mfa/enable').length > 0 ? [APP, YUBIKEY] : [YUBIKEY]);
      if (url === '/api/mfa/setup')
        return json({
          success: true,
          qrCode: 'data:image/png;base64,AAAA',
          manualEntryKey: 'JBSWY3DPEHPK3PXP',
        });
      if (url === '/api/mfa/enable') return json({ success: true });
      return json({}, 404);
    });
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ENABLED_ANN });
    await userEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.type(screen.getByLabelText('Current password'), 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Authenticator app added.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Backup codes' })).toBeNull();
    expect(await screen.findByText(/from your authenticator app or your security key/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });

  it('where the browser cannot use keys, offers none of the key actions and says why', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    mockFetch(() => status([APP, YUBIKEY]));
    renderScreen(<TwoFactorPanel />, { path: '/settings', user: ENABLED_ANN });
    expect(await screen.findByText(SECURITY_KEY_MESSAGES.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a security key' })).toBeNull();
    expect(screen.queryByRole('button', { name: SECURITY_KEY_MESSAGES.useKey })).toBeNull();
    // Removing a key needs no ceremony.
    expect(screen.getByRole('button', { name: 'Remove YubiKey' })).toBeEnabled();
  });
});
