import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BANK_SYNC_ENDPOINTS, type AccountsResponse, type Endpoint } from '@paycadence/contracts';
import { ApiError, type ApiClient } from '@paycadence/web-kit';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../model/messages.js';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { stubFinanceApi } from '../test/stub-api.js';
import { lastUpdatedText, SyncButton } from './SyncButton.js';

const NO_BANK = 'No bank account is connected yet. Connect one from Connected Accounts to import bills and income.';

async function clickSync(syncBankData: () => Promise<unknown>) {
  renderWithProviders(<SyncButton api={stubFinanceApi({ syncBankData })} />);
  await userEvent.click(screen.getByRole('button', { name: 'Sync Bank Data' }));
  const status = screen.getByRole('status');
  await vi.waitFor(() => expect(status.textContent).not.toBe(''));
  return status;
}

describe('SyncButton (docs/product/signed-in.md §8 sync messages)', () => {
  it('shows the 200 {success:false} message (no bank connected) in the informational tone, not as a success', async () => {
    const status = await clickSync(async () => ({ success: false, message: NO_BANK }));
    expect(status.textContent).toBe(NO_BANK);
    expect(status.className).toContain('db-sync__message--info');
    expect(status.className).not.toContain('db-sync__message--success');
  });

  it("shows 'Bank data refreshed successfully' in the success tone for success:true", async () => {
    const status = await clickSync(async () => ({ success: true, message: '' }));
    expect(status.textContent).toBe(MESSAGES.syncSucceeded);
    expect(status.className).toContain('db-sync__message--success');
  });

  it('shows the failure text when the call fails', async () => {
    const status = await clickSync(async () => {
      throw new ApiError(502, 'Request failed with status 502');
    });
    expect(status.textContent).toBe(MESSAGES.syncFailed);
    expect(status.className).toContain('db-sync__message--error');
  });

  it('shows the failure text for success:false with an empty message', async () => {
    const status = await clickSync(async () => ({ success: false, message: '' }));
    expect(status.textContent).toBe(MESSAGES.syncFailed);
    expect(status.className).toContain('db-sync__message--error');
  });
});

/** Finance's sync-bank-data plus bank-sync's accounts (the items' last_synced_at are the real last sync). */
function withBankItems(items: Array<string | null>, syncBankData: () => Promise<unknown> = async () => ({ success: true, message: '' })): ApiClient {
  const finance = stubFinanceApi({ syncBankData });
  const body: AccountsResponse = {
    success: true,
    accounts: [],
    items: items.map((last_synced_at, i) => ({
      id: `item-${i}`,
      institution_id: null,
      institution_name: `Bank ${i}`,
      status: 'active',
      sync_state: 'idle',
      last_synced_at,
      last_error: null,
      transaction_count: 0,
      source: 'plaid',
    })),
  };
  const call = async (endpoint: Endpoint, ...rest: unknown[]) =>
    endpoint === BANK_SYNC_ENDPOINTS.accounts ? body : (finance.call as (e: Endpoint, ...r: unknown[]) => Promise<unknown>)(endpoint, ...rest);
  return { call: vi.fn(call) } as unknown as ApiClient;
}

describe("SyncButton 'Last updated' (the real last bank sync)", () => {
  it('shows the latest last_synced_at of the linked banks', async () => {
    const older = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    const latest = new Date(Date.now() - 10 * 60_000).toISOString();
    renderWithProviders(<SyncButton api={withBankItems([older, null, latest])} />);
    const stamp = await screen.findByText(lastUpdatedText(latest));
    expect(stamp.tagName).toBe('TIME');
    expect(stamp.getAttribute('datetime')).toBe(latest);
  });

  it("shows the sync-bank-data answer's lastSyncedAt when it is newer", async () => {
    const before = new Date(Date.now() - 5 * 60 * 60_000).toISOString();
    const answered = new Date(Date.now() - 60_000).toISOString();
    renderWithProviders(<SyncButton api={withBankItems([before], async () => ({ success: true, message: 'Synced', lastSyncedAt: answered }))} />);
    await screen.findByText(lastUpdatedText(before));
    await userEvent.click(screen.getByRole('button', { name: 'Sync Bank Data' }));
    expect(await screen.findByText(lastUpdatedText(answered))).toBeInTheDocument();
  });

  it("shows 'Never' when no bank has synced yet", async () => {
    renderWithProviders(<SyncButton api={withBankItems([null])} />);
    expect(await screen.findByText('Last updated: Never')).toBeInTheDocument();
  });

  it('formats a stamp of another day with its date', () => {
    const now = new Date('2026-11-25T15:00:00');
    expect(lastUpdatedText('2026-11-25T09:05:00', now)).toBe('9:05 AM');
    expect(lastUpdatedText('2026-11-23T09:05:00', now)).toBe('11/23/2026, 9:05 AM');
    expect(lastUpdatedText(null, now)).toBe('Never');
  });
});
