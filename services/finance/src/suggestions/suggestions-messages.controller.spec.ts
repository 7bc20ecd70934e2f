import { SuggestionsMessagesController } from './suggestions-messages.controller.js';

/** The account status check of an account that is open (not deleted, not suspended). */
const openAccounts = { isSuspended: async () => false } as never;

describe('SuggestionsMessagesController', () => {
  it('passes a valid message on and replies with the counts', async () => {
    const service = { upsert: jest.fn(async () => ({ bills: 1, income: 0 })) };
    const controller = new SuggestionsMessagesController(service as never, openAccounts);
    const reply = await controller.upsert({
      userId: 'u1',
      bills: [{ externalKey: 'k1', name: 'Gym', amount: 19.99, suggestedDueDate: '2026-03-20', confidence: 0.8 }],
    });
    expect(reply).toEqual({ ok: true, bills: 1, income: 0 });
    expect(service.upsert).toHaveBeenCalledWith({
      userId: 'u1',
      bills: [{ externalKey: 'k1', name: 'Gym', amount: 19.99, category: 'other', suggestedDueDate: '2026-03-20', transactionDate: null, confidence: 0.8 }],
      income: [],
    });
  });

  it('replies with the field errors and stores nothing for a bad message', async () => {
    const service = { upsert: jest.fn() };
    const reply = await new SuggestionsMessagesController(service as never, openAccounts).upsert({ bills: 'nope' });
    expect(reply).toMatchObject({ ok: false, errors: { userId: 'userId is required' } });
    expect(service.upsert).not.toHaveBeenCalled();
  });
});

describe('SuggestionsMessagesController.listPending', () => {
  it("answers that user's pending suggestions", async () => {
    const lists = { bills: [], income: [] };
    const service = { listPending: jest.fn(async () => lists) };
    expect(await new SuggestionsMessagesController(service as never, openAccounts).listPending({ userId: 'u1' })).toBe(lists);
    expect(service.listPending).toHaveBeenCalledWith('u1');
  });

  it('answers empty lists, and reads nothing, for a message naming no user', async () => {
    const service = { listPending: jest.fn() };
    expect(await new SuggestionsMessagesController(service as never, openAccounts).listPending({ userId: '  ' })).toEqual({ bills: [], income: [] });
    expect(service.listPending).not.toHaveBeenCalled();
  });
});

describe('SuggestionsMessagesController.withdraw', () => {
  it('withdraws the keys for that user and replies how many went', async () => {
    const service = { withdraw: jest.fn(async () => 2) };
    expect(await new SuggestionsMessagesController(service as never, openAccounts).withdraw({ userId: 'u1', externalKeys: ['a', 'b'] })).toEqual({ ok: true, withdrawn: 2 });
    expect(service.withdraw).toHaveBeenCalledWith('u1', ['a', 'b']);
  });

  it('replies with the field errors and withdraws nothing for a bad message', async () => {
    const service = { withdraw: jest.fn() };
    expect(await new SuggestionsMessagesController(service as never, openAccounts).withdraw({ userId: 'u1', externalKeys: [''] })).toMatchObject({
      ok: false,
      errors: { 'externalKeys.0': 'externalKey is required' },
    });
    expect(service.withdraw).not.toHaveBeenCalled();
  });

  it('stores nothing for a closed account, so a sync in flight when it was deleted cannot bring rows back', async () => {
    const service = { upsert: jest.fn() };
    const closed = { isSuspended: jest.fn(async () => true) } as never;
    const reply = await new SuggestionsMessagesController(service as never, closed).upsert({ userId: 'gone', bills: [], income: [] });
    expect(reply).toEqual({ ok: true, bills: 0, income: 0 });
    expect(service.upsert).not.toHaveBeenCalled();
  });
});
