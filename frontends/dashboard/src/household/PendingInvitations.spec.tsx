import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOUSEHOLD_MESSAGES, INVITATIONS_PER_DAY } from '@paycadence/contracts';
import { fail, renderWithProviders, serveEndpoints, TEST_USER } from '@paycadence/web-kit/testing';
import { describe, expect, it } from 'vitest';
import { HOUSEHOLD_PAGE_ENDPOINTS, QUIET_HANDLERS } from './household-fixtures.js';
import { HouseholdPage } from './HouseholdPage.js';

const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const KIM = '5c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const me = { id: TEST_USER.id, name: 'Sam Rivera', email: TEST_USER.email };
const kim = { id: KIM, email: 'kim@example.com', role: 'partner', invited_by: { id: me.id, name: me.name }, sent_at: '2026-03-10T12:00:00.000Z', expires_at: '2026-03-17T12:00:00.000Z' };
const base = (role: string) => ({
  ...QUIET_HANDLERS,
  myHouseholds: () => ({ households: [{ id: HOME, name: 'Home', my_role: role }] }),
  members: () => ({ members: [{ ...me, role }] }),
});
const renderPage = () => renderWithProviders(<HouseholdPage />, { route: '/household', toasts: true });

describe('Pending invitations', () => {
  it('lists who was invited, by whom, when and until when, with Resend and Withdraw', async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...base('owner'), pendingInvitations: () => ({ invitations: [kim] }) });
    renderPage();
    const list = await screen.findByRole('list', { name: HOUSEHOLD_MESSAGES.pendingInvitations });
    expect(within(list).getByText('kim@example.com')).toBeInTheDocument();
    expect(within(list).getByText('Invited by Sam Rivera on 03/10/2026 as partner')).toBeInTheDocument();
    expect(within(list).getByText('Link expires 03/17/2026')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Resend the invitation to kim@example.com' })).toBeEnabled();
    expect(within(list).getByRole('button', { name: 'Withdraw the invitation to kim@example.com' })).toBeEnabled();
  });

  it('says when none are waiting, and is not shown to a plain member (who may not invite)', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, base('owner'));
    const { unmount } = renderPage();
    expect(await screen.findByText(HOUSEHOLD_MESSAGES.noPendingInvitations)).toBeInTheDocument();
    expect(gateway.calls('pendingInvitations')[0]!.params.id).toBe(HOME);
    unmount();
    const memberGateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, base('member'));
    renderPage();
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('heading', { name: HOUSEHOLD_MESSAGES.pendingInvitations })).not.toBeInTheDocument();
    expect(memberGateway.calls('pendingInvitations')).toHaveLength(0);
  });

  it("resends and says so; a spent allowance shows the server's wait under 'Failed to resend invitation'", async () => {
    const wait = `You have sent ${INVITATIONS_PER_DAY} invitations in the last day. You can send more in 3 hours.`;
    let answers = 0;
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, {
      ...base('owner'),
      pendingInvitations: () => ({ invitations: [kim] }),
      resendInvitation: () => (++answers === 1 ? { message: HOUSEHOLD_MESSAGES.invitationResent(kim.email), invitation: kim } : fail(429, wait)),
    });
    renderPage();
    const resend = await screen.findByRole('button', { name: 'Resend the invitation to kim@example.com' });
    await userEvent.click(resend);
    expect(await screen.findByText(HOUSEHOLD_MESSAGES.invitationResent(kim.email))).toBeInTheDocument();
    expect(gateway.calls('resendInvitation')[0]!.params).toEqual({ id: HOME, invitationId: KIM });

    await userEvent.click(screen.getByRole('button', { name: 'Resend the invitation to kim@example.com' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(HOUSEHOLD_MESSAGES.resendFailed);
    expect(banner).toHaveTextContent(wait);
  });

  it('withdraws only once confirmed, then the list forgets it', async () => {
    let waiting = [kim];
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, {
      ...base('owner'),
      pendingInvitations: () => ({ invitations: waiting }),
      withdrawInvitation: () => {
        waiting = [];
        return { message: HOUSEHOLD_MESSAGES.invitationWithdrawnDone(kim.email), email: kim.email };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to kim@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw invitation?' });
    expect(dialog).toHaveTextContent(HOUSEHOLD_MESSAGES.withdrawConfirm(kim.email));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(gateway.calls('withdrawInvitation')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to kim@example.com' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw invitation' }));
    expect(await screen.findByText(HOUSEHOLD_MESSAGES.invitationWithdrawnDone(kim.email))).toBeInTheDocument();
    expect(await screen.findByText(HOUSEHOLD_MESSAGES.noPendingInvitations)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.calls('withdrawInvitation')[0]!.params).toEqual({ id: HOME, invitationId: KIM });
  });
});
