import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { WEBAUTHN_CHALLENGE_SECONDS } from '@paycadence/contracts';
import { REDIS } from '@paycadence/nest-kit';
import { REDIS_KEY_PREFIX } from '../../throttling/rate-limits.js';

/**
 * Why a challenge was issued, and so what it is bound to: `register` and `step-up` to the signed-in session
 * (its refresh family), `second-factor` to the login answer's mfa_token, `passkey` to the HttpOnly ceremony
 * cookie of the browser that asked.
 */
export type CeremonyPurpose = 'register' | 'step-up' | 'second-factor' | 'passkey';

/**
 * Pending WebAuthn challenges in Redis: one per purpose and binding (asking again replaces it), answerable
 * once (GETDEL) within WEBAUTHN_CHALLENGE_SECONDS. A challenge presented by another session, or a second time,
 * finds nothing.
 */
@Injectable()
export class WebAuthnCeremonies {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
  ) {}

  private key(purpose: CeremonyPurpose, binding: string) {
    return `${this.prefix}webauthn:${purpose}:${binding}`;
  }

  async begin(purpose: CeremonyPurpose, binding: string, challenge: string): Promise<void> {
    await this.redis.set(this.key(purpose, binding), challenge, 'EX', WEBAUTHN_CHALLENGE_SECONDS);
  }

  /** The pending challenge, removed as it is read; null when none, expired or already answered. */
  take(purpose: CeremonyPurpose, binding: string): Promise<string | null> {
    return this.redis.getdel(this.key(purpose, binding));
  }
}
