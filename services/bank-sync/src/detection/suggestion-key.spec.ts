import { streamSuggestionKey } from './suggestion-key';

const rent = { userId: 'u1', accountId: 'a1', direction: 'outflow', merchantKey: 'oakwood properties' };

describe('streamSuggestionKey', () => {
  it('is the same for the same stream every time (no row id in it)', () => {
    expect(streamSuggestionKey(rent)).toBe(streamSuggestionKey({ ...rent }));
    expect(streamSuggestionKey(rent)).toMatch(/^stream:[0-9a-f]{64}$/);
  });

  it('differs by user, account, direction and merchant', () => {
    const keys = new Set([
      streamSuggestionKey(rent),
      streamSuggestionKey({ ...rent, userId: 'u2' }),
      streamSuggestionKey({ ...rent, accountId: 'a2' }),
      streamSuggestionKey({ ...rent, direction: 'inflow' }),
      streamSuggestionKey({ ...rent, merchantKey: 'oakwood' }),
      // Fields are separated: moving text across the boundary is another stream.
      streamSuggestionKey({ ...rent, accountId: 'a1o', direction: 'utflow' }),
    ]);
    expect(keys.size).toBe(6);
  });
});
