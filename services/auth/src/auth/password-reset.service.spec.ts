import { Logger } from '@nestjs/common';
import { AUTH_MESSAGES, THROTTLE_MESSAGES } from '@paycadence/contracts';
import { ThrottledError } from '../throttling/throttled-error.js';
import { PasswordResetService } from './password-reset.service.js';

/** Only the collaborators the request path touches; the rest are never reached in these tests. */
function serviceWith(findByEmail: () => Promise<unknown>, takeResetRequest: () => Promise<void> = async () => undefined) {
  const users = { findByEmail: jest.fn(findByEmail) };
  const rateLimits = { takeResetRequest: jest.fn(takeResetRequest) };
  const unused = {} as never;
  const service = new PasswordResetService(unused, users as never, unused, unused, unused, rateLimits as never, unused, unused, 'http://app.test', unused, unused);
  return { service, users, rateLimits };
}

describe('PasswordResetService.requestReset', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the same message before the account lookup finishes, so the answer cannot time it', async () => {
    const { service, users, rateLimits } = serviceWith(() => new Promise(() => {}));
    // The lookup never finishes, yet the answer comes.
    await expect(service.requestReset('ann@example.com', { ip: '198.51.100.7', userAgent: null })).resolves.toEqual({
      message: AUTH_MESSAGES.forgotPasswordSent,
    });
    expect(rateLimits.takeResetRequest).toHaveBeenCalledWith('198.51.100.7');
    expect(users.findByEmail).toHaveBeenCalledWith('ann@example.com');
  });

  it("past the client's allowance answers the throttle's 429 and looks nothing up", async () => {
    const { service, users } = serviceWith(
      () => Promise.resolve(null),
      () => Promise.reject(new ThrottledError('password-reset', 1800)),
    );
    const refusal = await service.requestReset('ann@example.com').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ThrottledError);
    expect(refusal).toMatchObject({ status: 429, message: THROTTLE_MESSAGES.passwordReset(1800), headers: { 'retry-after': '1800' } });
    expect(users.findByEmail).not.toHaveBeenCalled();
  });

  it('logs a failure of the background work instead of leaving the rejection unhandled', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { service } = serviceWith(() => Promise.reject(new Error('database down')));
      await service.requestReset('ann@example.com');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('database down'));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
