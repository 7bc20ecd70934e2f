import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@payday/web-kit';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../model/messages.js';
import { renderWithProviders } from '../test/render.js';
import { stubFinanceApi } from '../test/stub-api.js';
import { SyncButton } from './SyncButton.js';

const NO_BANK = 'No bank account is connected yet. Connect one from Connected Accounts to import bills and income.';

async function clickSync(syncBankData: () => Promise<unknown>) {
  renderWithProviders(<SyncButton api={stubFinanceApi({ syncBankData })} updatedAt={0} />);
  await userEvent.click(screen.getByRole('button', { name: 'Sync Bank Data' }));
  const status = screen.getByRole('status');
  await vi.waitFor(() => expect(status.textContent).not.toBe(''));
  return status;
}

describe('SyncButton (spec part 2 §8 sync messages)', () => {
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
