import { BANK_SYNC_MESSAGES, SANDBOX_INSTITUTIONS } from '@paycadence/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectedAccountsPage } from './ConnectedAccountsPage.js';
import { account, accountsBody, analyticsBody, item, ITEM_ID, LOCKED_ITEM_ID, minutesAgo, suggestionsBody, transaction } from '../test/fixtures.js';
import { renderWithProviders, TEST_USER } from '@paycadence/web-kit/testing';
import { TEXT } from '../model/messages.js';
import { fail, serveApi, type StubServer } from '../test/server.js';

let server: StubServer;

beforeEach(() => {
  server = serveApi({
    accounts: () => accountsBody(),
    analytics: () => analyticsBody(),
    suggestions: () => suggestionsBody(),
    transactions: () => ({ success: true, transactions: [transaction()], total: 1 }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderPage = () => renderWithProviders(<ConnectedAccountsPage />);
const openTab = async (name: string) => userEvent.click(screen.getByRole('tab', { name }));

describe('ConnectedAccountsPage tabs (docs/product/signed-in.md §2)', () => {
  it('shows the five tabs in a tablist, Bank Accounts first, and moves with the arrow keys', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Connected Accounts' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Bank Accounts', 'Financial Analytics', 'Transaction History', 'Smart Categorization', 'Data Generator']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    tabs[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Financial Analytics' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Financial Analytics' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Data Generator' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Bank Accounts tab', () => {
  it('shows each account with its display name, USD balances, institution and mask, and the bank freshness in words', async () => {
    server.use({
      accounts: () =>
        accountsBody(
          [item(), item({ id: LOCKED_ITEM_ID, institution_name: 'Houndstooth Bank', last_synced_at: minutesAgo(180.5) }), item({ id: 'c3d4e5f6-0000-4000-8000-000000000003', institution_name: 'Tattersall Federal Credit Union', last_synced_at: null })],
          [
            account(),
            account({ id: 'acc-2', account_name: 'Plaid Credit Card', account_type: 'credit', account_subtype: 'credit card', mask: '3333', current_balance: 410.5, available_balance: null, plaid_item_id: LOCKED_ITEM_ID, institution_name: 'Houndstooth Bank' }),
          ],
        ),
    });
    renderPage();
    const tartan = (await screen.findByRole('heading', { level: 3, name: 'Tartan Bank' })).closest('li')!;
    expect(within(tartan).getByText('Checking Account')).toBeInTheDocument();
    expect(within(tartan).getByText('$1,234.56')).toHaveClass('ca-money');
    expect(within(tartan).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(tartan).getByText(/ending in 0000/)).toBeInTheDocument();
    expect(within(tartan).getByText('5 minutes ago').closest('[data-colour]')).toHaveAttribute('data-colour', 'green');

    const houndstooth = screen.getByRole('heading', { level: 3, name: 'Houndstooth Bank' }).closest('li')!;
    expect(within(houndstooth).getByText('Credit Card')).toBeInTheDocument();
    expect(within(houndstooth).queryByText('Available')).not.toBeInTheDocument();
    expect(within(houndstooth).getByText('3 hours ago').closest('[data-colour]')).toHaveAttribute('data-colour', 'yellow');

    const never = screen.getByRole('heading', { level: 3, name: 'Tattersall Federal Credit Union' }).closest('li')!;
    expect(within(never).getByText('Never').closest('[data-colour]')).toHaveAttribute('data-colour', 'red');
  });

  it("shows 'Failed to load bank accounts' when the accounts do not load", async () => {
    server.use({ accounts: () => fail(500, 'boom') });
    renderPage();
    expect(await screen.findByText(BANK_SYNC_MESSAGES.loadAccountsFailed)).toBeInTheDocument();
  });

  it('links a sandbox bank: link token for the signed-in user, institution, user_good / pass_good, public token exchanged', async () => {
    server.use({
      createLinkToken: () => ({ link_token: 'link-sandbox-1', expiration: '2026-11-25T12:00:00Z', sandbox: true }),
      sandboxPublicToken: () => ({ success: true, public_token: 'public-sandbox-1' }),
      exchangeToken: () => ({ success: true, item_id: ITEM_ID }),
      accounts: () => accountsBody([item({ sync_state: 'queued' })]),
    });
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Tartan Bank' });
    await userEvent.click(screen.getByRole('button', { name: 'Connect a bank' }));

    const dialog = await screen.findByRole('dialog', { name: 'Connect a bank' });
    expect(server.calls('createLinkToken')[0]!.body).toEqual({ user_id: TEST_USER.id });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(SANDBOX_INSTITUTIONS.length);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Tartan Bank' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const signIn = screen.getByRole('dialog', { name: 'Sign in to Tartan Bank' });
    expect(within(signIn).getByText('user_good')).toBeInTheDocument();
    await userEvent.type(within(signIn).getByLabelText('Username'), 'user_good');
    await userEvent.type(within(signIn).getByLabelText('Password'), 'pass_good');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('sandboxPublicToken')[0]!.body).toEqual({ user_id: TEST_USER.id, institution_id: 'ins_109511', username: 'user_good', password: 'pass_good' });
    expect(server.calls('exchangeToken')[0]!.body).toEqual({ public_token: 'public-sandbox-1', user_id: TEST_USER.id, institution_id: 'ins_109511', institution_name: 'Tartan Bank' });
    expect(await screen.findByText('Bank account connected. Importing your transactions...')).toBeInTheDocument();
    // The import runs: progress is shown from the items' sync state.
    expect(await screen.findByText('Importing transactions...')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message for a wrong password, and nothing is exchanged", async () => {
    server.use({
      createLinkToken: () => ({ link_token: 'link-sandbox-1', expiration: '2026-11-25T12:00:00Z', sandbox: true }),
      sandboxPublicToken: () => fail(400, BANK_SYNC_MESSAGES.invalidSandboxCredentials),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a bank' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.type(screen.getByLabelText('Username'), 'user_good');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(BANK_SYNC_MESSAGES.invalidSandboxCredentials)).toBeInTheDocument();
    expect(server.calls('exchangeToken')).toHaveLength(0);
  });

  it('takes a JSON configuration as the password of user_custom (Plaid sandbox custom users)', async () => {
    server.use({
      createLinkToken: () => ({ link_token: 'l', expiration: '2026-11-25T12:00:00Z', sandbox: true }),
      sandboxPublicToken: () => ({ success: true, public_token: 'public-custom-1' }),
      exchangeToken: () => ({ success: true, item_id: ITEM_ID }),
    });
    const config = JSON.stringify({ override_accounts: [{ type: 'depository', subtype: 'checking', starting_balance: 100, transactions: [] }] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a bank' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.type(screen.getByLabelText('Username'), 'user_custom');
    const textarea = screen.getByLabelText('Password (JSON configuration)');
    expect(textarea.tagName).toBe('TEXTAREA');
    await userEvent.click(textarea);
    await userEvent.paste(config);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(server.calls('exchangeToken')).toHaveLength(1));
    expect(server.calls('sandboxPublicToken')[0]!.body).toMatchObject({ username: 'user_custom', password: config });
  });

  it("says 'Bank connection was cancelled or failed' when the dialog is cancelled", async () => {
    server.use({ createLinkToken: () => ({ link_token: 'l', expiration: '2026-11-25T12:00:00Z', sandbox: true }) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a bank' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(BANK_SYNC_MESSAGES.connectionCancelled)).toBeInTheDocument();
  });

  it("says 'Failed to initialize bank connection' when no link token comes back", async () => {
    server.use({ createLinkToken: () => fail(502, 'The bank data provider is not answering right now.') });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a bank' }));
    expect(await screen.findByText(BANK_SYNC_MESSAGES.initializeFailed)).toBeInTheDocument();
  });

  it("says 'Bank integration setup required...' when the error mentions missing credentials", async () => {
    server.use({ createLinkToken: () => fail(503, 'Plaid credentials are missing') });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a bank' }));
    expect(await screen.findByText(BANK_SYNC_MESSAGES.credentialsMissing)).toBeInTheDocument();
  });

  it('offers Reconnect for a bank that needs a new sign-in and repairs it in update mode', async () => {
    server.use({
      accounts: () => accountsBody([item({ id: LOCKED_ITEM_ID, status: 'login_required' })], [account({ plaid_item_id: LOCKED_ITEM_ID })]),
      createLinkToken: () => ({ link_token: 'l', expiration: '2026-11-25T12:00:00Z', sandbox: true }),
      sandboxPublicToken: () => ({ success: true, repaired: true }),
    });
    renderPage();
    expect(await screen.findByText(/Your bank needs you to sign in again/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(server.calls('createLinkToken')[0]!.body).toEqual({ user_id: TEST_USER.id, item_id: LOCKED_ITEM_ID });
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect Tartan Bank' });
    await userEvent.type(within(dialog).getByLabelText('Username'), 'user_good');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'pass_good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('sandboxPublicToken')[0]!.body).toMatchObject({ item_id: LOCKED_ITEM_ID, institution_id: 'ins_109511' });
    expect(server.calls('exchangeToken')).toHaveLength(0);
  });

  it("says why the last sync failed under the 'Last sync failed' badge, in the server's words", async () => {
    server.use({
      accounts: () =>
        accountsBody(
          [
            item({ sync_state: 'failed', last_error: BANK_SYNC_MESSAGES.plaidUnavailable }),
            item({ id: LOCKED_ITEM_ID, institution_name: 'Houndstooth Bank', status: 'login_required', sync_state: 'failed', last_error: BANK_SYNC_MESSAGES.loginRequired }),
          ],
          [account()],
        ),
    });
    renderPage();
    const tartan = await screen.findByRole('listitem', { name: 'Tartan Bank' });
    expect(within(tartan).getByText('Last sync failed')).toBeInTheDocument();
    expect(within(tartan).getByRole('status')).toHaveTextContent(BANK_SYNC_MESSAGES.plaidUnavailable);
    // A bank that needs a new sign-in says so once, in its alert with the way out.
    const houndstooth = screen.getByRole('listitem', { name: 'Houndstooth Bank' });
    expect(within(houndstooth).getAllByText(/Your bank needs you to sign in again/)).toHaveLength(1);
    expect(within(houndstooth).queryByRole('status')).toBeNull();
  });

  it('asks the documented question before disconnecting, and disconnects only when confirmed', async () => {
    server.use({ disconnect: () => ({ success: true }) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage();
    const button = await screen.findByRole('button', { name: 'Disconnect Tartan Bank' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(BANK_SYNC_MESSAGES.disconnectConfirm);
    expect(server.calls('disconnect')).toHaveLength(0);

    await userEvent.click(button);
    await waitFor(() => expect(server.calls('disconnect')).toHaveLength(1));
    expect(server.calls('disconnect')[0]).toMatchObject({ params: { plaidItemId: ITEM_ID }, body: { userId: TEST_USER.id } });
    expect(await screen.findByText('Tartan Bank was disconnected.')).toBeInTheDocument();
  });

  it("shows 'Failed to disconnect bank account' when the server refuses", async () => {
    server.use({ disconnect: () => fail(500, 'x') });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect Tartan Bank' }));
    expect(await screen.findByText(BANK_SYNC_MESSAGES.disconnectFailed)).toBeInTheDocument();
  });

  it('starts an import with Sync now and shows the progress while items are queued or running', async () => {
    let state: 'idle' | 'running' = 'idle';
    server.use({
      sync: () => {
        state = 'running';
        return { success: true, message: BANK_SYNC_MESSAGES.syncQueued, queued: 1 };
      },
      accounts: () => {
        const body = accountsBody([item({ sync_state: state })]);
        if (state === 'running') state = 'idle'; // the import finishes before the first scheduled reload
        return body;
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(BANK_SYNC_MESSAGES.syncQueued)).toBeInTheDocument();
    expect(await screen.findByText('Tartan Bank: importing')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    // The reload 2 s later finds nothing importing: the progress goes away.
    await waitFor(() => expect(screen.queryByText('Importing transactions...')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(server.calls('sync')[0]!.params).toEqual({ userId: TEST_USER.id });
  });

  it('cleans up duplicate accounts and says how many went', async () => {
    server.use({ cleanupDuplicates: () => ({ success: true, duplicatesRemoved: 2 }) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Clean up duplicates' }));
    expect(await screen.findByText('Removed 2 duplicate accounts')).toBeInTheDocument();
  });
});

describe('Financial Analytics tab', () => {
  it('shows the summary, both charts and detected bills and income with confidence colours and numbers', async () => {
    renderPage();
    await openTab('Financial Analytics');
    const stats = (await screen.findByText('Total Income')).closest('dl')!;
    expect(within(stats).getByText('$5,200.00')).toBeInTheDocument();
    expect(within(stats).getByText('25.0%')).toBeInTheDocument();
    expect(screen.getByText('▲ Improving')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Monthly income vs. expenses/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Expenses by category' })).toHaveTextContent('Groceries');
    expect(screen.getByText('95% confidence')).toHaveClass('pc-badge--success');
    expect(screen.getByText('75% confidence')).toHaveClass('pc-badge--warning');
    expect(screen.getByText('50% confidence')).toHaveClass('pc-badge--danger');
    expect(screen.getByText('98% reliable')).toHaveClass('pc-badge--success');
  });

  it('shows the documented empty states', async () => {
    server.use({ analytics: () => analyticsBody({ bills: [], income: [], expensesByCategory: {} }) });
    renderPage();
    await openTab('Financial Analytics');
    expect(await screen.findByText(BANK_SYNC_MESSAGES.noRecurringBills)).toBeInTheDocument();
    expect(screen.getByText(BANK_SYNC_MESSAGES.noRegularIncome)).toBeInTheDocument();
    expect(screen.getByText(BANK_SYNC_MESSAGES.noExpenseCategories)).toBeInTheDocument();
  });

  it("shows 'No financial data available for analysis' before any import and the failure text on error", async () => {
    const { EMPTY_ANALYTICS } = await import('../test/fixtures.js');
    server.use({ analytics: () => EMPTY_ANALYTICS });
    const view = renderPage();
    await openTab('Financial Analytics');
    expect(await screen.findByText(BANK_SYNC_MESSAGES.noAnalyticsData)).toBeInTheDocument();
    view.unmount();

    server.use({ analytics: () => fail(500, 'x') });
    renderPage();
    await openTab('Financial Analytics');
    expect(await screen.findByText(BANK_SYNC_MESSAGES.loadFinancialAnalyticsFailed)).toBeInTheDocument();
  });
});

describe('Transaction History tab', () => {
  it('lists date, merchant or description, first category or Other, account, signed amount and pending', async () => {
    server.use({
      transactions: () => ({
        success: true,
        total: 2,
        transactions: [
          transaction(),
          transaction({ id: 'tx-2', amount: -2600, merchant_name: null, description: 'ACME PAYROLL DIRECT DEP', category: [], pending: true, is_income: true }),
        ],
      }),
    });
    renderPage();
    await openTab('Transaction History');
    const grocer = (await screen.findByText('Corner Grocer')).closest('li')!;
    expect(grocer).toHaveTextContent('11/20/2026 · Food and Drink · Plaid Checking');
    expect(within(grocer).getByText('−$54.20')).toHaveClass('ca-tx__amount--expense');
    const pay = screen.getByText('ACME PAYROLL DIRECT DEP').closest('li')!;
    expect(pay).toHaveTextContent('Other');
    expect(within(pay).getByText('Pending')).toBeInTheDocument();
    expect(within(pay).getByText('+$2,600.00')).toHaveClass('ca-tx__amount--income');
  });

  it("grows the window 7 → 30 → 60 → all and 'Show less' returns to 7; the type filter is sent", async () => {
    renderPage();
    await openTab('Transaction History');
    await screen.findByText('Corner Grocer');
    const lastDays = () => server.calls('transactions').at(-1)!.query.get('days');
    expect(lastDays()).toBe('7');
    expect(server.calls('transactions').at(-1)!.query.get('limit')).toBe('200');

    await userEvent.click(screen.getByRole('button', { name: 'Show last 30 days' }));
    await waitFor(() => expect(lastDays()).toBe('30'));
    await userEvent.click(screen.getByRole('button', { name: 'Show last 60 days' }));
    await waitFor(() => expect(lastDays()).toBe('60'));
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(lastDays()).toBeNull());
    expect(screen.queryByRole('button', { name: /Show (last|all)/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByRole('button', { name: 'Show last 30 days' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'income');
    await waitFor(() => expect(server.calls('transactions').at(-1)!.query.get('type')).toBe('income'));
    expect(lastDays()).toBe('7');
  });

  it("shows 'Failed to load transactions' on error", async () => {
    server.use({ transactions: () => fail(500, 'x') });
    renderPage();
    await openTab('Transaction History');
    expect(await screen.findByText(BANK_SYNC_MESSAGES.loadTransactionsFailed)).toBeInTheDocument();
  });
});

describe('Smart Categorization tab', () => {
  it('shows the category summary and accepts a detected bill, the confirmation clearing after 3 s', async () => {
    server.use({ acceptBill: () => ({ id: 'bill-1', name: 'Rent', amount: 1450, due_date: '2026-12-01', priority: 'medium', category: 'rent', recurring: 'monthly', due_day_flexible: 'no', due_day_min: 1, due_day_max: 31, created_at: 'x', updated_at: 'x' }) });
    renderPage();
    await openTab('Smart Categorization');
    expect(await screen.findByText('480')).toBeInTheDocument();
    expect(screen.getByText('$31,200.00')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Accept Rent' }));
    expect(await screen.findByText('Added Rent to your bills.')).toBeInTheDocument();
    expect(server.calls('acceptBill')[0]).toMatchObject({ params: { id: 'sug-bill-1' }, body: {} });
    expect(screen.queryByRole('button', { name: 'Accept Rent' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Added Rent to your bills.')).not.toBeInTheDocument(), { timeout: 4000 });
  });

  it('dismisses a detected income source', async () => {
    server.use({ dismissSuggestion: () => undefined });
    renderPage();
    await openTab('Smart Categorization');
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss Acme Payroll' }));
    expect(await screen.findByText('Dismissed Acme Payroll. It will not be suggested again.')).toBeInTheDocument();
    expect(server.calls('dismissSuggestion')[0]!.params).toEqual({ id: 'sug-inc-1' });
    expect(screen.queryByRole('button', { name: 'Dismiss Acme Payroll' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to accept suggestion' when accepting fails", async () => {
    server.use({ acceptIncome: () => fail(500, 'x') });
    renderPage();
    await openTab('Smart Categorization');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Acme Payroll' }));
    expect(await screen.findByText('Failed to accept suggestion')).toBeInTheDocument();
  });
});

describe('Data Generator tab', () => {
  it("shows 'Error: {message}' when generation fails", async () => {
    server.use({ generateKind: () => fail(409, 'Connect the sandbox bank first') });
    renderPage();
    await openTab('Data Generator');
    await userEvent.click(screen.getByRole('button', { name: 'Generate bills' }));
    expect(await screen.findByText('Error: Connect the sandbox bank first')).toBeInTheDocument();
    expect(server.calls('generateKind')[0]!.params).toEqual({ userId: TEST_USER.id, kind: 'bills' });
  });

  it('reloads the data 2 s after a successful generation', async () => {
    server.use({ generate: () => ({ success: true, message: 'Added 120 transactions', added: 120 }) });
    renderPage();
    await openTab('Data Generator');
    await waitFor(() => expect(server.calls('accounts').length).toBeGreaterThan(0));
    const before = server.calls('accounts').length;
    await userEvent.click(screen.getByRole('button', { name: 'Generate all data' }));
    expect(await screen.findByText('Added 120 transactions')).toBeInTheDocument();
    expect(server.calls('accounts').length).toBe(before);
    await waitFor(() => expect(server.calls('accounts').length).toBeGreaterThan(before), { timeout: 3000 });
  });
});

describe('Bank Accounts tab with real Plaid keys', () => {
  it("opens Plaid Link with the link token and exchanges Link's public token with the institution it reports", async () => {
    type LinkConfig = { token: string; onSuccess: (token: string, metadata: unknown) => void; onExit: (error: unknown) => void };
    const opened: LinkConfig[] = [];
    vi.stubGlobal('Plaid', {
      create: (config: LinkConfig) => ({
        open: () => {
          opened.push(config);
          config.onSuccess('public-live-1', { institution: { institution_id: 'ins_3', name: 'Chase' } });
        },
        destroy: () => undefined,
      }),
    });
    server.use({
      createLinkToken: () => ({ link_token: 'link-live-1', expiration: '2026-11-25T12:00:00Z', sandbox: false }),
      exchangeToken: () => ({ success: true, item_id: ITEM_ID }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a bank' }));
    await waitFor(() => expect(server.calls('exchangeToken')).toHaveLength(1));
    expect(opened[0]!.token).toBe('link-live-1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('exchangeToken')[0]!.body).toEqual({ public_token: 'public-live-1', user_id: TEST_USER.id, institution_id: 'ins_3', institution_name: 'Chase' });
    expect(await screen.findByText('Bank account connected. Importing your transactions...')).toBeInTheDocument();
  });

  describe('Reconnect in update mode', () => {
    const lockedBank = (status: 'login_required' | 'active') =>
      accountsBody([item({ id: LOCKED_ITEM_ID, status, sync_state: status === 'active' ? 'queued' : 'idle' })], [account({ plaid_item_id: LOCKED_ITEM_ID })]);
    beforeEach(() => {
      vi.stubGlobal('Plaid', {
        create: (config: { onSuccess: (token: string, metadata: unknown) => void }) => ({
          open: () => config.onSuccess('public-update-1', { institution: { institution_id: 'ins_109511', name: 'Tartan Bank' } }),
        }),
      });
    });

    it('tells the server the bank is repaired, reloads it and says it syncs again', async () => {
      let repairedAtServer = false;
      server.use({
        accounts: () => lockedBank(repairedAtServer ? 'active' : 'login_required'),
        createLinkToken: () => ({ link_token: 'link-update-1', expiration: '2026-11-25T12:00:00Z', sandbox: false }),
        repaired: () => {
          repairedAtServer = true;
          return { success: true, message: BANK_SYNC_MESSAGES.syncQueued, queued: 1 };
        },
      });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Reconnect' }));
      expect(await screen.findByText(TEXT.reconnected)).toBeInTheDocument();
      expect(server.calls('createLinkToken')[0]!.body).toEqual({ user_id: TEST_USER.id, item_id: LOCKED_ITEM_ID });
      expect(server.calls('repaired')).toHaveLength(1);
      expect(server.calls('repaired')[0]!.params).toEqual({ itemId: LOCKED_ITEM_ID });
      expect(server.calls('exchangeToken')).toHaveLength(0);
      expect(screen.queryByText(/Your bank needs you to sign in again/)).not.toBeInTheDocument();
    });

    it('when the server could not be told, trusts only the reloaded bank: repaired by the webhook or still waiting', async () => {
      let repairedByWebhook = false;
      server.use({
        accounts: () => lockedBank(repairedByWebhook ? 'active' : 'login_required'),
        createLinkToken: () => ({ link_token: 'link-update-1', expiration: '2026-11-25T12:00:00Z', sandbox: false }),
        repaired: () => fail(503, 'unavailable'),
      });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Reconnect' }));
      expect(await screen.findByText(TEXT.reconnectPending)).toBeInTheDocument();
      expect(screen.queryByText(TEXT.reconnected)).not.toBeInTheDocument();

      repairedByWebhook = true;
      await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
      expect(await screen.findByText(TEXT.reconnected)).toBeInTheDocument();
      expect(server.calls('repaired')).toHaveLength(2);
    });
  });

  it("says 'Bank connection was cancelled or failed' when the user leaves Plaid Link", async () => {
    vi.stubGlobal('Plaid', { create: (config: { onExit: (e: unknown) => void }) => ({ open: () => config.onExit(null) }) });
    server.use({ createLinkToken: () => ({ link_token: 'link-live-1', expiration: '2026-11-25T12:00:00Z', sandbox: false }) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a bank' }));
    expect(await screen.findByText(BANK_SYNC_MESSAGES.connectionCancelled)).toBeInTheDocument();
    expect(server.calls('exchangeToken')).toHaveLength(0);
  });
});
