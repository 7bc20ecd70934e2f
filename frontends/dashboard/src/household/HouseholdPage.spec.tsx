import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOUSEHOLD_MESSAGES } from '@paycadence/contracts';
import { fail, never, renderWithProviders, serveEndpoints, TEST_USER } from '@paycadence/web-kit/testing';
import { describe, expect, it } from 'vitest';
import { HOUSEHOLD_PAGE_ENDPOINTS, QUIET_HANDLERS } from './household-fixtures.js';
import { HouseholdPage } from './HouseholdPage.js';

const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const CLUB = '2dae7e30-4f6c-4b8d-9e50-3c4d5e6f7081';
const BEA = '3ebf8f41-5a7d-4c9e-8f61-4d5e6f708192';
const me = { id: TEST_USER.id, name: 'Sam Rivera', email: TEST_USER.email };
const bea = { id: BEA, name: 'Bea Lane', email: 'bea@example.com' };
const homeMembers = { members: [{ ...me, role: 'owner' }, { ...bea, role: 'partner' }] };
const clubMembers = { members: [{ ...bea, role: 'owner' }, { ...me, role: 'member' }] };
const twoHouseholds = { households: [{ id: HOME, name: 'Home', my_role: 'owner' }, { id: CLUB, name: 'Club', my_role: 'member' }] };
const membersOf = ({ params }: { params: Record<string, string> }) => (params.id === HOME ? homeMembers : clubMembers);

const renderPage = () => renderWithProviders(<HouseholdPage />, { route: '/household', toasts: true });

describe('HouseholdPage', () => {
  it("asks a signed-out visitor to log in (product's words) and calls nothing", () => {
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS,});
    renderWithProviders(<HouseholdPage />, { user: null });
    expect(screen.getByText(HOUSEHOLD_MESSAGES.signInFirst)).toBeInTheDocument();
    expect(gateway.calls('myHouseholds')).toHaveLength(0);
  });

  it('lists My Households with each role, selects the first and shows its members with role badges', async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS, myHouseholds: () => twoHouseholds, members: membersOf });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: HOUSEHOLD_MESSAGES.listTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Home/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText(HOUSEHOLD_MESSAGES.role('owner'))).toBeInTheDocument();
    expect(screen.getByText(HOUSEHOLD_MESSAGES.role('member'))).toBeInTheDocument();
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByText('Bea Lane')).toBeInTheDocument();
    expect(within(members).getByText('bea@example.com')).toBeInTheDocument();
    expect(within(members).getByText('partner', { selector: 'span' })).toHaveClass('pc-badge--info');
    expect(within(members).getByText('owner', { selector: 'span' })).toHaveClass('pc-badge--primary');
  });

  it('opens the household named in ?household= (where the invitation page sends a new member)', async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS, myHouseholds: () => twoHouseholds, members: membersOf });
    renderWithProviders(<HouseholdPage />, { route: `/household?household=${CLUB}` });
    expect(await screen.findByRole('heading', { name: 'Club' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Club/ })).toHaveAttribute('aria-current', 'true');
  });

  it('shows Invite Member to an owner but not to a plain member', async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS, myHouseholds: () => twoHouseholds, members: membersOf });
    renderPage();
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.getByRole('button', { name: HOUSEHOLD_MESSAGES.inviteMember })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Club/ }));
    expect(await screen.findByRole('heading', { name: 'Club' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: HOUSEHOLD_MESSAGES.inviteMember })).not.toBeInTheDocument();
    // a member sees other roles as badges only
    expect(screen.queryByRole('combobox', { name: /Role of/ })).not.toBeInTheDocument();
  });

  it('shows the empty state, requires a name, creates, reloads the list and selects the new household', async () => {
    let households: Array<{ id: string; name: string; my_role: string }> = [];
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS,
      myHouseholds: () => ({ households }),
      members: () => ({ members: [{ ...me, role: 'owner' }] }),
      create: ({ body }) => {
        const created = { id: HOME, name: (body as { name: string }).name, my_role: 'owner' };
        households = [created];
        return created;
      },
    });
    renderPage();
    expect(await screen.findByText(HOUSEHOLD_MESSAGES.noHouseholds)).toBeInTheDocument();
    expect(screen.getByText(HOUSEHOLD_MESSAGES.selectHousehold)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: HOUSEHOLD_MESSAGES.createFirst }));
    const dialog = screen.getByRole('dialog', { name: HOUSEHOLD_MESSAGES.createHousehold });
    await userEvent.click(within(dialog).getByRole('button', { name: HOUSEHOLD_MESSAGES.createHousehold }));
    expect(within(dialog).getByText(HOUSEHOLD_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(gateway.calls('create')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(HOUSEHOLD_MESSAGES.householdName), 'Home');
    await userEvent.click(within(dialog).getByRole('button', { name: HOUSEHOLD_MESSAGES.createHousehold }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(gateway.calls('create')[0]!.body).toEqual({ name: 'Home' });
    expect(gateway.calls('myHouseholds').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the red banner when creating fails', async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS, myHouseholds: () => ({ households: [] }), create: () => fail(500) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: HOUSEHOLD_MESSAGES.createFirst }));
    await userEvent.type(screen.getByLabelText(HOUSEHOLD_MESSAGES.householdName), 'Home');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: HOUSEHOLD_MESSAGES.createHousehold }));
    expect(await screen.findByRole('alert')).toHaveTextContent(HOUSEHOLD_MESSAGES.createFailed);
  });

  it('invites by e-mail only after checking it, closes the modal and announces the invitation', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS,
      myHouseholds: () => twoHouseholds,
      members: membersOf,
      invite: ({ body }) => ({ message: 'ok', email: (body as { email: string }).email, role: 'partner', expires_at: '2026-12-01T00:00:00Z' }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: HOUSEHOLD_MESSAGES.inviteMember }));
    const dialog = screen.getByRole('dialog', { name: HOUSEHOLD_MESSAGES.inviteMember });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveFocus()); // the refused field takes the focus
    expect(gateway.calls('invite')).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'Kim@Example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(HOUSEHOLD_MESSAGES.invitationSent('kim@example.com')); // a toast
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(gateway.calls('invite')[0]!.params.id).toBe(HOME);
    expect(gateway.calls('invite')[0]!.body).toEqual({ email: 'kim@example.com', role: 'partner' });
  });

  it("shows the server's reason under 'Failed to invite member' (already invited)", async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS,
      myHouseholds: () => twoHouseholds,
      members: membersOf,
      invite: () => fail(409, HOUSEHOLD_MESSAGES.alreadyInvited),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: HOUSEHOLD_MESSAGES.inviteMember }));
    await userEvent.type(screen.getByLabelText('Email'), 'kim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(HOUSEHOLD_MESSAGES.inviteFailed);
    expect(banner).toHaveTextContent(HOUSEHOLD_MESSAGES.alreadyInvited);
  });

  it("shows 'Failed to get households' and 'Failed to get members' banners", async () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS, myHouseholds: () => fail(500) });
    const first = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(HOUSEHOLD_MESSAGES.listFailed);
    first.unmount();
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS, myHouseholds: () => twoHouseholds, members: () => fail(503) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(HOUSEHOLD_MESSAGES.membersFailed);
  });

  it('leaves after a confirmation; the last owner is told why they cannot', async () => {
    let households = twoHouseholds.households;
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS,
      myHouseholds: () => ({ households }),
      members: membersOf,
      leave: ({ params }) => {
        if (params.id === HOME) return fail(409, HOUSEHOLD_MESSAGES.lastOwner);
        households = households.filter((h) => h.id !== params.id);
        return { success: true, household_deleted: false };
      },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Home' });
    await userEvent.click(screen.getByRole('button', { name: 'Leave household' }));
    const confirm = screen.getByRole('dialog', { name: 'Leave Home?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave household' }));
    const refusal = await within(confirm).findByRole('alert');
    expect(refusal).toHaveTextContent(HOUSEHOLD_MESSAGES.leaveFailed);
    expect(refusal).toHaveTextContent(HOUSEHOLD_MESSAGES.lastOwner);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stay' }));

    await userEvent.click(screen.getByRole('button', { name: /Club/ }));
    await screen.findByRole('heading', { name: 'Club' });
    await userEvent.click(screen.getByRole('button', { name: 'Leave household' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave household' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You left Club.');
    expect(screen.queryByRole('button', { name: /Club/ })).not.toBeInTheDocument();
    expect(gateway.calls('leave').map((c) => c.params.id)).toEqual([HOME, CLUB]);
    // the first remaining household is selected again
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('lets an owner change another member\'s role (to hand ownership over)', async () => {
    const gateway = serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS,
      myHouseholds: () => twoHouseholds,
      members: membersOf,
      setMemberRole: () => ({ members: [{ ...me, role: 'owner' }, { ...bea, role: 'owner' }] }),
    });
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Role of Bea Lane' });
    expect(screen.queryByRole('combobox', { name: 'Role of Sam Rivera' })).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'owner');
    expect(gateway.calls('setMemberRole')[0]!.params).toEqual({ id: HOME, userId: BEA });
    expect(gateway.calls('setMemberRole')[0]!.body).toEqual({ role: 'owner' });
  });

  it('shows a loading state while the list is on its way', () => {
    serveEndpoints(HOUSEHOLD_PAGE_ENDPOINTS, { ...QUIET_HANDLERS, myHouseholds: never });
    renderPage();
    expect(screen.getByText('Loading households...')).toBeInTheDocument();
  });
});
