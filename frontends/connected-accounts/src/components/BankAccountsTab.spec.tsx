import { STATEMENT_MESSAGES } from '@paycadence/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, TEST_USER } from '@paycadence/web-kit/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, accountsBody, FILE_ITEM_ID, fileAccount, fileItem, IMPORT_ID, item, minutesAgo, statementImport } from '../test/fixtures.js';
import { serveApi, type StubServer } from '../test/server.js';
import { BankAccountsTab } from './BankAccountsTab.js';

let server: StubServer;
beforeEach(() => {
  server = serveApi({
    accounts: () => accountsBody([fileItem({ last_synced_at: minutesAgo(3 * 24 * 60 + 5) })], [fileAccount()]),
    statementImports: () => ({ success: true, imports: [statementImport()] }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () => renderWithProviders(<BankAccountsTab userId={TEST_USER.id} onImportStarted={() => undefined} importing={false} />);

describe('Bank Accounts tab: accounts fed by statement files', () => {
  it("says the account comes from statement files, with its last import's age, and offers no sync or reconnect", async () => {
    renderTab();
    const houndstooth = await screen.findByRole('listitem', { name: 'Houndstooth Bank' });
    expect(within(houndstooth).getByText(STATEMENT_MESSAGES.fileAccountNote)).toBeInTheDocument();
    expect(within(houndstooth).getByText(`${STATEMENT_MESSAGES.lastImport}:`, { exact: false })).toHaveTextContent('Last import: 3 days ago');
    expect(within(houndstooth).getByText('3 days ago').closest('[data-colour]')).toHaveAttribute('data-colour', 'red');
    expect(within(houndstooth).getByText('Houndstooth Checking')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reconnect/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Last synced/)).not.toBeInTheDocument();
    expect(within(houndstooth).getByRole('button', { name: 'Remove Houndstooth Bank' })).toBeEnabled();
    expect(screen.getByRole('button', { name: STATEMENT_MESSAGES.importButton })).toBeEnabled();
  });

  it('removes a file-fed account after its own question', async () => {
    server.use({ disconnect: () => ({ success: true }) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Houndstooth Bank' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Remove this account/));
    expect(await screen.findByText('Houndstooth Bank was removed.')).toBeInTheDocument();
    expect(server.calls('disconnect')[0]).toMatchObject({ params: { plaidItemId: FILE_ITEM_ID }, body: { userId: TEST_USER.id } });
  });

  it('keeps Sync now for the linked banks beside a file-fed account', async () => {
    server.use({ accounts: () => accountsBody([item(), fileItem()], [account(), fileAccount()]) });
    renderTab();
    expect(await screen.findByRole('button', { name: 'Sync now' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Tartan Bank' })).getByText(/Last synced/)).toBeInTheDocument();
  });

  it('lists the recent imports and undoes one, saying how many transactions went', async () => {
    server.use({ undoStatementImport: () => ({ success: true, message: STATEMENT_MESSAGES.undone(12), removed: 12 }) });
    renderTab();
    const imports = await screen.findByRole('region', { name: 'Statement imports' });
    const row = (await within(imports).findByText('november.ofx')).closest('li')!;
    expect(row).toHaveTextContent('Houndstooth Checking');
    expect(row).toHaveTextContent('12 added');
    expect(row).toHaveTextContent('11/01/2026 to 11/30/2026');

    server.use({ statementImports: () => ({ success: true, imports: [] }) });
    await userEvent.click(within(row).getByRole('button', { name: `${STATEMENT_MESSAGES.undo}: november.ofx` }));
    expect(await screen.findByText(STATEMENT_MESSAGES.undone(12))).toBeInTheDocument();
    expect(server.calls('undoStatementImport')).toEqual([expect.objectContaining({ params: { importId: IMPORT_ID } })]);
    await waitFor(() => expect(within(imports).queryByText('november.ofx')).not.toBeInTheDocument());
  });

  it('does not ask for statement imports when no account comes from files', async () => {
    server.use({ accounts: () => accountsBody() });
    renderTab();
    await screen.findByRole('listitem', { name: 'Tartan Bank' });
    expect(screen.queryByRole('region', { name: 'Statement imports' })).not.toBeInTheDocument();
    expect(server.calls('statementImports')).toHaveLength(0);
  });
});
