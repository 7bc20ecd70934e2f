import { WaitlistJoinSchema, WAITLIST_SUCCESS_MESSAGE, fieldErrors } from '@paycadence/contracts';
import { WaitlistService } from './waitlist.service.js';

/** A repository double whose insert reports a new row or a conflict, as PostgreSQL's ON CONFLICT does. */
function repositoryReturning(rows: unknown[]) {
  interface Builder {
    [step: string]: unknown;
    values: jest.Mock;
  }
  const builder: Builder = {
    insert: () => builder,
    into: () => builder,
    values: jest.fn(() => builder),
    orIgnore: () => builder,
    returning: () => builder,
    execute: async () => ({ raw: rows }),
  };
  return { repository: { createQueryBuilder: () => builder }, builder };
}

describe('WaitlistService.join', () => {
  it('stores the normalised e-mail with its source and answers success', async () => {
    const { repository, builder } = repositoryReturning([{ id: 'x' }]);
    const service = new WaitlistService(repository as never);
    const result = await service.join({ email: 'ann@example.com', source: 'homepage-hero' });
    expect(builder.values).toHaveBeenCalledWith({ email: 'ann@example.com', referralSource: 'homepage-hero' });
    expect(result).toEqual({ success: true, message: WAITLIST_SUCCESS_MESSAGE, created: true });
  });

  it('answers the same success when the e-mail is already on the list', async () => {
    const { repository } = repositoryReturning([]);
    const result = await new WaitlistService(repository as never).join({ email: 'ann@example.com', source: 'homepage' });
    expect(result).toMatchObject({ success: true, created: false });
  });
});

describe('WaitlistJoinSchema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(WaitlistJoinSchema.parse({ email: '  Ann@Example.COM ', source: 'homepage' }).email).toBe('ann@example.com');
  });

  it.each([
    [{ source: 'homepage' }, 'email', 'Email is required'],
    [{ email: 'not-an-email', source: 'homepage' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@b.co' }, 'source', 'Source is required'],
    [{ email: 'a@b.co', source: 'x'.repeat(65) }, 'source', 'Source must be at most 64 characters'],
    [{ email: 'a@b.co', source: 'homepage', admin: true }, 'admin', 'Unknown field "admin"'],
  ])('rejects %j with a message on %s', (body, field, message) => {
    const result = WaitlistJoinSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)[field]).toBe(message);
  });
});
