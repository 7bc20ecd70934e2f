import type { AuthUser } from '@paycadence/contracts';
import { AuthProvider } from '@paycadence/web-kit';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '../auth/test-helpers';
import { Header, INSTALL_APP_LABEL } from '../layout/Header';
import { INSTALL_STEPS_TITLE } from './InstallSteps';
import { isIosBrowser, startInstallCapture } from './install-offer';

const user: AuthUser = {
  id: 'u1', email: 'ann@example.com', role: 'user', status: 'active', firstName: 'Ann', lastName: 'Lee',
  phone: null, dateOfBirth: null, address: null, created_at: '2026-01-01T00:00:00Z', mfa_enabled: false, email_confirmed: true,
};

const renderHeader = () =>
  render(
    <AuthProvider initialUser={user} initialSession={testSession('at')}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Header />
      </MemoryRouter>
    </AuthProvider>,
  );

async function openAccountMenu() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  await userEvent.click(within(nav).getByRole('button', { name: 'Account' }));
  return nav;
}

/** A browser's install offer, as Chromium fires it, with its answer chosen by the test. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
  const prompt = vi.fn(async () => undefined);
  event.prompt = prompt;
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

startInstallCapture();
afterEach(() => vi.unstubAllGlobals());
// The offer is the page's, as in a browser: these run in order, the installed app last.

describe('installing the app from the Account menu', () => {
  it('offers nothing where the browser offers nothing', async () => {
    renderHeader();
    const nav = await openAccountMenu();
    expect(within(nav).queryByRole('button', { name: INSTALL_APP_LABEL })).toBeNull();
  });

  it('on an iPhone, where no browser prompt exists, shows the Add to Home Screen steps', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1', maxTouchPoints: 5 });
    renderHeader();
    const nav = await openAccountMenu();
    await userEvent.click(within(nav).getByRole('button', { name: INSTALL_APP_LABEL }));
    const dialog = screen.getByRole('dialog', { name: INSTALL_STEPS_TITLE });
    expect(dialog).toHaveTextContent('Add to Home Screen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the browser's offer for the menu, shows the browser's prompt on 'Install app', and stops offering once installed", async () => {
    renderHeader();
    const { event, prompt } = offerInstall('accepted');
    // The browser's own mini-infobar is held back: the menu offers it.
    expect(event.defaultPrevented).toBe(true);
    const nav = await openAccountMenu();
    await userEvent.click(within(nav).getByRole('button', { name: INSTALL_APP_LABEL }));
    expect(prompt).toHaveBeenCalledOnce();
    await openAccountMenu();
    expect(within(nav).queryByRole('button', { name: INSTALL_APP_LABEL })).toBeNull();
  });

  it('knows an iPad by its touch screen even though it says Macintosh', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15';
    expect(isIosBrowser({ userAgent: mac, maxTouchPoints: 5 } as Navigator)).toBe(true);
    expect(isIosBrowser({ userAgent: mac, maxTouchPoints: 0 } as Navigator)).toBe(false);
  });
});
