import { Logger } from '@nestjs/common';
import { AUTH_MESSAGES } from '@payday/contracts';
import { PasswordResetService } from './password-reset.service.js';

/** Only the collaborators the request path touches; the rest are never reached in these tests. */
function serviceWith(findByEmail: () => Promise<unknown>) {
  const users = { findByEmail: jest.fn(findByEmail) };
  const unused = {} as never;
  const service = new PasswordResetService(unused, users as never, unused, unused, unused, unused, unused, unused, 'http://app.test', unused, unused);
  return { service, users };
}

describe('PasswordResetService.requestReset (security review 3)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the same message at once, before the account lookup finishes, so the answer cannot time it', () => {
    const { service, users } = serviceWith(() => new Promise(() => {}));
    // Synchronous: a plain object, not a promise waiting for the lookup.
    expect(service.requestReset('ann@example.com')).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    expect(users.findByEmail).toHaveBeenCalledWith('ann@example.com');
  });

  it('logs a failure of the background work instead of leaving the rejection unhandled', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { service } = serviceWith(() => Promise.reject(new Error('database down')));
      service.requestReset('ann@example.com');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('database down'));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
