import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticationCredential, CredentialRequestOptionsResponse, SessionResponse } from '@paycadence/contracts';
import { AuditTrail, type RequestOrigin } from '../audit/audit-trail.js';
import { LockoutRecorder } from '../audit/lockout-recorder.js';
import { AuthError } from '../errors.js';
import type { WithRefreshToken } from '../sessions/session.service.js';
import { SignInCompletion } from '../sessions/sign-in-completion.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { ThrottledError } from '../throttling/throttled-error.js';
import { UsersService } from '../users/users.service.js';
import { SecurityKeysService } from './security-keys.service.js';
import { userHandleText } from './webauthn/relying-party.js';

/**
 * Sign-in without a password (docs/passkeys.md): the browser offers the person's passkeys for this site, and an
 * assertion that verified its user (PIN, fingerprint, face) counts as both factors, so the session is aal2.
 * No account is known when the challenge is made, so it is bound to a random ceremony id the browser holds in
 * an HttpOnly cookie.
 */
@Injectable()
export class PasskeySignInService {
  constructor(
    private readonly securityKeys: SecurityKeysService,
    private readonly users: UsersService,
    private readonly rateLimits: RateLimits,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(LockoutRecorder) private readonly lockouts: LockoutRecorder,
    @Inject(SignInCompletion) private readonly completion: SignInCompletion,
  ) {}

  /** A challenge for any of this site's passkeys, and the ceremony id to set as the cookie. */
  async options(origin: RequestOrigin): Promise<CredentialRequestOptionsResponse & { ceremonyId: string }> {
    await this.rateLimits.takePasskeyOptions(origin.ip);
    const ceremonyId = randomBytes(32).toString('base64url');
    return { options: await this.securityKeys.passkeyOptions(ceremonyId), ceremonyId };
  }

  async signIn(ceremonyId: string | undefined, credential: AuthenticationCredential, origin: RequestOrigin): Promise<WithRefreshToken<SessionResponse>> {
    const challenge = ceremonyId ? await this.securityKeys.takeChallenge('passkey', ceremonyId) : null;
    if (!challenge) throw new AuthError('KEY_CHALLENGE_EXPIRED');
    const key = await this.securityKeys.findKey(credential.id);
    const user = key ? await this.users.findById(key.userId) : null;
    // A passkey names its account (the user handle); one that names another account than its key's is no sign-in.
    const handle = credential.response.userHandle;
    if (!key || !user || user.deletionRequestedAt || (handle !== undefined && handle !== userHandleText(user.id))) {
      await this.rateLimits.takeUnknownPasskey(origin.ip);
      void this.audit.record('auth.sign-in-failed', { subject: { id: null, email: null }, origin, details: { reason: 'unknown-passkey' } });
      throw new AuthError('PASSKEY_UNKNOWN');
    }
    const account = { id: user.id, email: user.email };
    // Counted like a second-factor code, before the signature is checked (concurrent tries cannot slip past).
    await this.rateLimits.takeCodeAttempt(user.email, origin.ip).catch(async (error: unknown) => {
      await this.lockouts.noteRefusal(error, account, origin, { step: 'passkey', limit: error instanceof ThrottledError ? error.scope : null });
      throw error;
    });
    const verdict = await this.securityKeys.prove(key, credential, challenge);
    const details = { step: 'passkey', key: key.name };
    if (verdict.outcome === 'cloned') {
      void this.audit.record('auth.security-key-cloned', { subject: account, origin, details });
      throw new AuthError('KEY_CLONED');
    }
    if (verdict.outcome === 'refused') {
      void this.audit.record('auth.security-key-failed', { subject: account, origin, details });
      throw new AuthError('SIGN_IN_KEY_INVALID');
    }
    // Without user verification the key proves only that someone holds it: not enough to replace the password.
    if (!verdict.userVerified) {
      void this.audit.record('auth.security-key-failed', { subject: account, origin, details: { ...details, reason: 'user not verified' } });
      throw new AuthError('PASSKEY_NOT_USER_VERIFIED');
    }
    if (user.status === 'suspended') throw new AuthError('ACCOUNT_SUSPENDED');
    void this.audit.record('auth.security-key-used', { actor: account, subject: account, origin, details });
    return this.completion.complete(user, origin.ip, 'aal2');
  }
}
