import { Inject, Injectable } from '@nestjs/common';
import type { SessionResponse } from '@paycadence/contracts';
import { CLOCK, type AssuranceLevel, type Clock } from '@paycadence/nest-kit';
import { DeviceCookies } from '../throttling/device-cookie.js';
import { RateLimits } from '../throttling/rate-limits.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { SessionService, type WithRefreshToken } from './session.service.js';

/**
 * The last step of every way in (a password alone, a password and a second factor, a passkey), once everything
 * it asks is proved: the account's sign-in counters start afresh, a session starts at `aal`, the sign-in time is
 * recorded, and the browser gets the account's device cookie (docs/security.md).
 */
@Injectable()
export class SignInCompletion {
  constructor(
    private readonly rateLimits: RateLimits,
    private readonly sessions: SessionService,
    private readonly users: UsersService,
    @Inject(DeviceCookies) private readonly devices: DeviceCookies,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async complete(user: User, ip: string | null, aal: AssuranceLevel): Promise<WithRefreshToken<SessionResponse>> {
    await this.rateLimits.completeSignIn(user.email, ip);
    const { session, refreshToken } = await this.sessions.start(user, aal);
    await this.users.recordSignIn(user.id, this.clock.now());
    return { user: await this.users.view(user), session, refreshToken, deviceCookie: this.devices.issue(user.email) };
  }
}
