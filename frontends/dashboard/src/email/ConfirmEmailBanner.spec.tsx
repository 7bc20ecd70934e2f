import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_ENDPOINTS, EMAIL_CONFIRMATION_MESSAGES } from '@paycadence/contracts';
import { fail, renderWithProviders, serveEndpoints, TEST_USER } from '@paycadence/web-kit/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmEmailBanner } from './ConfirmEmailBanner.js';

const unconfirmed = { ...TEST_USER, email_confirmed: false };
const region = () => screen.queryByRole('region', { name: EMAIL_CONFIRMATION_MESSAGES.bannerTitle });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConfirmEmailBanner', () => {
  it('is not there once the address is confirmed', () => {
    serveEndpoints(AUTH_ENDPOINTS, {});
    renderWithProviders(<ConfirmEmailBanner />);
    expect(region()).toBeNull();
  });

  it('asks an unconfirmed person to confirm, naming the address, and resends on request', async () => {
    const server = serveEndpoints(AUTH_ENDPOINTS, {
      me: () => ({ user: unconfirmed }),
      resendConfirmation: () => ({ success: true, message: EMAIL_CONFIRMATION_MESSAGES.resent(unconfirmed.email) }),
    });
    renderWithProviders(<ConfirmEmailBanner />, { user: unconfirmed });
    expect(region()).toHaveTextContent(EMAIL_CONFIRMATION_MESSAGES.banner(unconfirmed.email));
    await userEvent.click(screen.getByRole('button', { name: EMAIL_CONFIRMATION_MESSAGES.resend }));
    expect(await screen.findByText(EMAIL_CONFIRMATION_MESSAGES.resent(unconfirmed.email))).toBeInTheDocument();
    expect(server.calls('resendConfirmation')).toHaveLength(1);
    expect(server.calls('resendConfirmation')[0]!.authorization).toMatch(/^Bearer /);
  });

  it("shows the server's wait when the resend is throttled", async () => {
    const wait = EMAIL_CONFIRMATION_MESSAGES.resendWait(42);
    serveEndpoints(AUTH_ENDPOINTS, { me: () => ({ user: unconfirmed }), resendConfirmation: () => fail(429, wait) });
    renderWithProviders(<ConfirmEmailBanner />, { user: unconfirmed });
    await userEvent.click(screen.getByRole('button', { name: EMAIL_CONFIRMATION_MESSAGES.resend }));
    expect(await screen.findByText(wait)).toBeInTheDocument();
  });

  it('goes away when the account turns out confirmed meanwhile (the link opened on another device)', async () => {
    serveEndpoints(AUTH_ENDPOINTS, { me: () => ({ user: { ...unconfirmed, email_confirmed: true, ssn: '1234' } }) });
    renderWithProviders(<ConfirmEmailBanner />, { user: unconfirmed });
    expect(region()).not.toBeNull();
    await vi.waitFor(() => expect(region()).toBeNull());
  });
});
