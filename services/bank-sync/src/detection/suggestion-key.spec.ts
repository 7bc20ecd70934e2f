import { streamSuggestionKey } from './suggestion-key';

const checking = { institution: 'ins_109508', mask: '0000', type: 'depository', subtype: 'checking', name: 'Plaid Checking' };
const rent = { userId: 'u1', account: checking, direction: 'outflow', merchantKey: 'oakwood properties' };

describe('streamSuggestionKey', () => {
  it('is the same for the same stream every time, whatever our row ids (a relink makes new ones)', () => {
    expect(streamSuggestionKey(rent)).toBe(streamSuggestionKey({ ...rent, account: { ...checking } }));
    expect(streamSuggestionKey(rent)).toMatch(/^stream2:[0-9a-f]{64}$/);
  });

  it('differs by user, bank, account, direction and merchant', () => {
    const keys = new Set([
      streamSuggestionKey(rent),
      streamSuggestionKey({ ...rent, userId: 'u2' }),
      streamSuggestionKey({ ...rent, account: { ...checking, institution: 'ins_3' } }),
      streamSuggestionKey({ ...rent, account: { ...checking, mask: '1111' } }),
      streamSuggestionKey({ ...rent, account: { ...checking, mask: null } }),
      streamSuggestionKey({ ...rent, account: { ...checking, type: 'credit' } }),
      streamSuggestionKey({ ...rent, account: { ...checking, subtype: 'savings' } }),
      streamSuggestionKey({ ...rent, account: { ...checking, name: 'Plaid Saving' } }),
      streamSuggestionKey({ ...rent, direction: 'inflow' }),
      streamSuggestionKey({ ...rent, merchantKey: 'oakwood' }),
      // Fields are separated: moving text across the boundary is another stream.
      streamSuggestionKey({ ...rent, direction: 'outflowo', merchantKey: 'akwood properties' }),
    ]);
    expect(keys.size).toBe(11);
  });
});
