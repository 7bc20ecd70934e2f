import { UsersByIdsMessageSchema } from '@paycadence/contracts';
import { withValidPayload } from '@paycadence/nest-kit';
import { distinctIds, toDirectoryUser } from './directory-users.js';

const ID = '3f6c2a1e-0000-4000-8000-0000000000aa';

describe('the directory answer', () => {
  it('carries only id, e-mail, names of an account and whether the address is confirmed', () => {
    const user = { id: ID, email: 'ann@example.com', firstName: 'Ann', lastName: null, passwordHash: 'secret', ssnLast4Enc: 'sealed', emailConfirmedAt: null };
    expect(toDirectoryUser(user)).toEqual({ id: ID, email: 'ann@example.com', firstName: 'Ann', lastName: null, emailConfirmed: false });
    expect(toDirectoryUser({ ...user, emailConfirmedAt: new Date() }).emailConfirmed).toBe(true);
  });

  it('reads the distinct ids of a valid message and refuses anything else', async () => {
    expect(distinctIds([ID, ID.toUpperCase()])).toEqual([ID]);
    const read = (payload: unknown) =>
      withValidPayload(UsersByIdsMessageSchema, payload, (message) => distinctIds(message.ids));
    expect(await read({ ids: [ID, ID.toUpperCase()] })).toEqual([ID]);
    for (const payload of [{ ids: ['not-an-id'] }, { ids: [ID], extra: true }, null]) {
      expect(await read(payload)).toMatchObject({ ok: false, code: 'VALIDATION' });
    }
  });
});
