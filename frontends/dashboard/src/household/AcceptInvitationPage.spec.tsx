import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOUSEHOLD_ENDPOINTS, HOUSEHOLD_MESSAGES } from '@paycadence/contracts';
import { fail, renderWithProviders, serveEndpoints, TEST_USER } from '@paycadence/web-kit/testing';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { AcceptInvitationPage, INVITATION_TOKEN_KEY, MISSING_TOKEN_MESSAGE, tokenFromLink } from './AcceptInvitationPage.js';

const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const TOKEN = 'tok-123';
const details = { household_name: 'Home', invited_by: 'Bea Lane', email: TEST_USER.email, role: 'partner', expires_at: '2026-12-01T00:00:00Z' };

function WhereAmI() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}${location.hash}`}</p>;
}

/** Where the page's own address is, once it has read its link. */
function AddressBar() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

const renderAt = (route: string, user: typeof TEST_USER | null = TEST_USER) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/household/accept"
        element={
          <>
            <AcceptInvitationPage />
            <AddressBar />
          </>
        }
      />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, user },
  );

const LINK = `/household/accept#token=${TOKEN}`;

beforeEach(() => window.sessionStorage.clear());

describe('tokenFromLink', () => {
  it('reads the fragment, else the query of a link mailed before the fragment was used', () => {
    expect(tokenFromLink(`#token=${TOKEN}`, '')).toBe(TOKEN);
    expect(tokenFromLink(`#token=${TOKEN}`, '?token=older')).toBe(TOKEN);
    expect(tokenFromLink('', `?token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromLink('#token=%20', '')).toBeNull();
    expect(tokenFromLink('#other=1', '?x=1')).toBeNull();
  });
});

describe('AcceptInvitationPage', () => {
  it('says the link is incomplete without a token and calls nothing', () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, {});
    renderAt('/household/accept');
    expect(screen.getByRole('alert')).toHaveTextContent(MISSING_TOKEN_MESSAGE);
    expect(gateway.calls('invitationDetails')).toHaveLength(0);
  });

  it('reads the token from the fragment, sends it in the body and takes it out of the address', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => details });
    renderAt(LINK, null);
    expect(await screen.findByRole('heading', { name: "You're invited to join Home" })).toBeInTheDocument();
    expect(gateway.calls('invitationDetails')[0]!.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/household\/accept$/);
    expect(window.sessionStorage.getItem(INVITATION_TOKEN_KEY)).toBe(TOKEN);
  });

  it('still opens a link mailed with the token in the query, and takes it out of the address too', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => details });
    renderAt(`/household/accept?token=${TOKEN}`, null);
    expect(await screen.findByRole('heading', { name: "You're invited to join Home" })).toBeInTheDocument();
    expect(gateway.calls('invitationDetails')[0]!.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/household\/accept$/);
  });

  it('comes back to the invitation after signing in: the tab kept the token, the way back never carried it', async () => {
    window.sessionStorage.setItem(INVITATION_TOKEN_KEY, TOKEN);
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => details });
    renderAt('/household/accept');
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
    expect(gateway.calls('invitationDetails')[0]!.body).toEqual({ token: TOKEN });
  });

  it('shows a signed-out visitor who invited them and sends them to sign in or register and back here', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => details });
    renderAt(LINK, null);
    expect(await screen.findByRole('heading', { name: "You're invited to join Home" })).toBeInTheDocument();
    expect(screen.getByText(/Bea Lane invited/)).toHaveTextContent(TEST_USER.email);
    const next = encodeURIComponent('/household/accept');
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
    renderAt(LINK);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(`at /household?household=${HOME}`)).toBeInTheDocument();
    expect(gateway.calls('acceptInvitation')[0]!.body).toEqual({ token: TOKEN });
    // Used: the tab forgets it.
    expect(window.sessionStorage.getItem(INVITATION_TOKEN_KEY)).toBeNull();
  });

  it("shows 'Failed to accept invitation' with the server's reason when accepting is refused", async () => {
    serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => details, acceptInvitation: () => fail(410, HOUSEHOLD_MESSAGES.invitationExpired) });
    renderAt(LINK);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(HOUSEHOLD_MESSAGES.acceptFailed);
    expect(banner).toHaveTextContent(HOUSEHOLD_MESSAGES.invitationExpired);
  });

  it('names the signed-in address when the invitation is for someone else, and offers to sign out', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_ENDPOINTS, { invitationDetails: () => ({ ...details, email: 'kim@example.com' }) });
    renderAt(LINK);
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
    renderAt(LINK);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });
});
