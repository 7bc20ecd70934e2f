import { Inject, Injectable } from '@nestjs/common';
import { LOGIN_FAILURE_WINDOW_SECONDS } from '@paycadence/contracts';
import { isAuthError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { clientKey } from '../throttling/client-key.js';
import { AuditTrail, type AuditDetails, type AuditParty, type RequestOrigin } from './audit-trail.js';

/**
 * `auth.locked-out` when the sign-in throttle answers 429. Once per account and address per throttle window:
 * a client hammering a locked account gets its 429 every time, but the log gets one entry, not thousands.
 */
@Injectable()
export class LockoutRecorder {
  constructor(
    private readonly rateLimits: RateLimits,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** Call with whatever the throttled step threw; records a lockout if it was the throttle's 429. */
  async noteRefusal(error: unknown, subject: AuditParty, origin: RequestOrigin, details: AuditDetails = {}): Promise<void> {
    if (!isAuthError(error, 'TOO_MANY_ATTEMPTS')) return;
    const first = await this.rateLimits
      // Per client key (an IPv6 /64 as one), so rotating addresses inside one allocation cannot flood the log.
      .claimOnce('locked-out', `${subject.email ?? subject.id}|${clientKey(origin.ip)}`, LOGIN_FAILURE_WINDOW_SECONDS)
      .catch(() => true); // Redis hiccup: an extra entry is better than none
    if (first) void this.audit.record('auth.locked-out', { subject, origin, details });
  }
}
