import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOUSEHOLD_ENDPOINTS, HOUSEHOLD_MESSAGES } from '@payday/contracts';
import { fail, renderWithProviders, serveEndpoints, TEST_USER } from '@payday/web-kit/testing';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AcceptInvitationPage, MISSING_TOKEN_MESSAGE } from './AcceptInvitationPage.js';

const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const TOKEN = 'tok-123';
const details = { household_name: 'Home', invited_by: 'Bea Lane', email: TEST_USER.email, role: 'partner', expires_at: '2026-12-01T00:00:00Z' };

function WhereAmI() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

const renderAt = (route: string, user: typeof TEST_USER | null = TEST_USER) =>
  renderWithProviders(
    <Routes>
      <Route path="/household/accept" element={<AcceptInvitationPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, user },
  );

describe('AcceptInvitationPage', () => {
  it('says the link is incomplete without a token and calls nothing', () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, {});
    renderAt('/household/accept');
    expect(screen.getByRole('alert')).toHaveTextContent(MISSING_TOKEN_MESSAGE);
    expect(gateway.calls('invitationDetails')).toHaveLength(0);
  });

  it('shows a signed-out visitor who invited them and sends them to sign in or register and back here', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => details });
    renderAt(`/household/accept?token=${TOKEN}`, null);
    expect(await screen.findByRole('heading', { name: "You're invited to join Home" })).toBeInTheDocument();
    expect(screen.getByText(/Bea Lane invited/)).toHaveTextContent(TEST_USER.email);
    const next = encodeURIComponent(`/household/accept?token=${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=${next}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/register?next=${next}`);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    expect(gateway.calls('invitationDetails')[0]!.body).toEqual({ token: TOKEN });
    expect(gateway.calls('invitationDetails')[0]!.authorization).toBeNull();
  });

  it('accepts for the invited account and opens /household with the household selected', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, {
      invitationDetails: () => details,
      acceptInvitation: () => ({ household: { id: HOME, name: 'Home', my_role: 'partner' } }),
    });
    renderAt(`/household/accept?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(`at /household?household=${HOME}`)).toBeInTheDocument();
    expect(gateway.calls('acceptInvitation')[0]!.body).toEqual({ token: TOKEN });
  });

  it("shows 'Failed to accept invitation' with the server's reason when accepting is refused", async () => {
    serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => details, acceptInvitation: () => fail(410, HOUSEHOLD_MESSAGES.invitationExpired) });
    renderAt(`/household/accept?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(HOUSEHOLD_MESSAGES.acceptFailed);
    expect(banner).toHaveTextContent(HOUSEHOLD_MESSAGES.invitationExpired);
  });

  it('names the signed-in address when the invitation is for someone else, and offers to sign out', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => ({ ...details, email: 'kim@example.com' }) });
    renderAt(`/household/accept?token=${TOKEN}`);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(HOUSEHOLD_MESSAGES.invitationForSomeoneElse);
    expect(banner).toHaveTextContent(`You are signed in as ${TEST_USER.email}`);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    expect(gateway.calls('acceptInvitation')).toHaveLength(0);
  });

  it.each([
    [409, HOUSEHOLD_MESSAGES.invitationUsed],
    [410, HOUSEHOLD_MESSAGES.invitationExpired],
    [404, HOUSEHOLD_MESSAGES.invitationNotFound],
  ])("shows the service's reason when the link cannot be used (%i)", async (status, message) => {
    serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => fail(status, message) });
    renderAt(`/household/accept?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });
});
