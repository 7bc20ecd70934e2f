import { BankSummaryMessagesController } from './bank-summary-messages.controller.js';

/** The account status check of an account that is open (not deleted, not suspended). */
const openAccounts = { isSuspended: async () => false } as never;

describe('BankSummaryMessagesController', () => {
  const message = { userId: 'u1', monthlyIncomeCents: 250_000, savingsRatePercent: 6.5, computedAt: '2026-03-10T08:00:00.000Z' };

  it('stores a valid summary and replies whether it was newer than the stored one', async () => {
    const service = { store: jest.fn(async () => true) };
    expect(await new BankSummaryMessagesController(service as never, openAccounts).store(message)).toEqual({ ok: true, stored: true });
    expect(service.store).toHaveBeenCalledWith(message);
  });

  it('passes a clear (null figures) on', async () => {
    const service = { store: jest.fn(async () => false) };
    const clear = { ...message, monthlyIncomeCents: null, savingsRatePercent: null };
    expect(await new BankSummaryMessagesController(service as never, openAccounts).store(clear)).toEqual({ ok: true, stored: false });
    expect(service.store).toHaveBeenCalledWith(clear);
  });

  it('replies with the field errors and stores nothing for a bad message', async () => {
    const service = { store: jest.fn() };
    const reply = await new BankSummaryMessagesController(service as never, openAccounts).store({ monthlyIncomeCents: 'lots', savingsRatePercent: 5, computedAt: 'now' });
    expect(reply).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'userId is required',
      errors: {
        userId: 'userId is required',
        monthlyIncomeCents: 'monthlyIncomeCents must be a whole number of cents or null',
        computedAt: 'computedAt must be an ISO date-time',
      },
    });
    expect(service.store).not.toHaveBeenCalled();
  });

  it('stores nothing for a closed account, so a sync in flight when it was deleted cannot bring rows back', async () => {
    const service = { store: jest.fn() };
    const closed = { isSuspended: jest.fn(async () => true) } as never;
    expect(await new BankSummaryMessagesController(service as never, closed).store(message)).toEqual({ ok: true, stored: false });
    expect(service.store).not.toHaveBeenCalled();
  });
});
