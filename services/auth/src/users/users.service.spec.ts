import type { Repository } from 'typeorm';
import type { AuthKeys } from '../tokens/auth-keys.js';
import type { MfaFactor } from '../mfa/mfa-factor.entity.js';
import type { User } from './user.entity.js';
import { UsersService } from './users.service.js';

describe('UsersService.listNewestFirst', () => {
  it('reads only the listed columns (never the password hash or the sealed SSN), newest first, at most `limit`', async () => {
    const find = jest.fn(async () => []);
    const users = new UsersService({ find } as unknown as Repository<User>, {} as Repository<MfaFactor>, {} as AuthKeys);
    await users.listNewestFirst(25);
    expect(find).toHaveBeenCalledWith({
      select: ['id', 'email', 'firstName', 'lastName', 'role', 'status', 'createdAt', 'lastSignInAt'],
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 25,
    });
  });
});
