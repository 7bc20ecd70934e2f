import { Inject, Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  createRegisterRequestSchema,
  createUpdateProfileRequestSchema,
  fieldErrors,
  type LoginResponse,
  type MfaFactorType,
  type MeResponse,
  type RefreshResponse,
  type SessionResponse,
  type UpdateProfileResponse,
} from '@paycadence/contracts';
import { CLOCK, JwtVerifier, ValidationFailedError, type Clock } from '@paycadence/nest-kit';
import { AuditTrail, NO_ORIGIN, type RequestOrigin } from '../audit/audit-trail.js';
import { LockoutRecorder } from '../audit/lockout-recorder.js';
import { AuthError, emailTakenError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { SessionService, type WithRefreshToken } from '../sessions/session.service.js';
import { SignInCompletion } from '../sessions/sign-in-completion.js';
import { EmailConfirmationService } from '../email-confirmation/email-confirmation.service.js';
import { DeviceCookies } from '../throttling/device-cookie.js';
import { ThrottledError } from '../throttling/throttled-error.js';
import { TokenIssuer } from '../tokens/token-issuer.js';
import { UsersService } from '../users/users.service.js';

/**
 * How long after its expiry an access token may still sign its own session out (a laptop that slept
 * overnight). Not the refresh lifetime (30 days): an old token seen in a log, a HAR file or a screen share
 * must not end a victim's session for a month.
 */
export const LOGOUT_GRACE_SECONDS = 24 * 60 * 60;

/** Registration, password sign-in, the session's refresh and end, and the profile (docs/product/accounts.md §5, §6, §7; docs/security.md). */
@Injectable()
export class AuthService {
  private readonly registerSchema;
  private readonly profileSchema;

  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly issuer: TokenIssuer,
    private readonly hasher: PasswordHasher,
    private readonly rateLimits: RateLimits,
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(LockoutRecorder) private readonly lockouts: LockoutRecorder,
    @Inject(DeviceCookies) private readonly devices: DeviceCookies,
    @Inject(EmailConfirmationService) private readonly confirmations: EmailConfirmationService,
    @Inject(SignInCompletion) private readonly completion: SignInCompletion,
  ) {
    // The form's schema, with the age rule measured against the injected clock.
    this.registerSchema = createRegisterRequestSchema(() => this.clock.now());
    this.profileSchema = createUpdateProfileRequestSchema(() => this.clock.now());
  }

  /**
   * docs/product/accounts.md §6: sign-up always sets role 'user'; the answer carries a session (to /dashboard). A valid
   * sign-up takes one of the client's hourly registrations before the e-mail is looked up or anything hashed.
   * The person plans at once; a link to confirm the address goes out in the background.
   */
  async register(body: unknown, origin: RequestOrigin = NO_ORIGIN): Promise<WithRefreshToken<SessionResponse>> {
    const parsed = this.registerSchema.safeParse(body ?? {});
    if (!parsed.success) throw new ValidationFailedError(fieldErrors(parsed.error));
    const command = parsed.data;
    await this.rateLimits.takeRegistration(origin.ip);
    if (await this.users.findByEmail(command.email)) throw emailTakenError();
    const user = await this.users.create({
      email: command.email,
      passwordHash: await this.hasher.hash(command.password),
      role: 'user',
      firstName: command.firstName,
      lastName: command.lastName,
      phone: command.phone,
      dateOfBirth: command.dateOfBirth,
      address: command.address,
      ssnLast4: command.ssn,
    });
    const { session, refreshToken } = await this.sessions.start(user, 'aal1');
    this.confirmations.sendFirstLink(user);
    return { user: await this.users.view(user), session, refreshToken };
  }

  /**
   * Same 401 for an unknown e-mail and a wrong password; throttled per (account, client), per client and, by
   * slowing, per account (RateLimits). The attempt is counted before the hash is checked
   * and the account's count is cleared only when the whole sign-in is done: with 2FA on that is at
   * /api/mfa/verify, never here. Failures and lockouts are audited in the background; the
   * answer is the same whether the account exists.
   */
  async login(email: string, password: string, origin: RequestOrigin, deviceCookie?: string): Promise<WithRefreshToken<LoginResponse>> {
    const ip = origin.ip;
    const attempted = { id: null, email: email.trim().toLowerCase() };
    const trustedDevice = this.devices.trusts(deviceCookie, email);
    const attempt = await this.rateLimits.takePasswordAttempt(email, ip, trustedDevice).catch(async (error: unknown) => {
      await this.lockouts.noteRefusal(error, attempted, origin, { step: 'password', limit: error instanceof ThrottledError ? error.scope : null });
      throw error;
    });
    const judged = await this.judgePassword(email, password).catch(async (error: unknown) => {
      // Nothing was judged (the database or the hasher failed): no failure, so the attempt goes back and a
      // PostgreSQL restart never locks real users out.
      await this.rateLimits.giveBack(attempt).catch(() => undefined);
      throw error;
    });
    // An account being deleted is answered like an unknown address: it is as good as gone.
    const user = judged.user?.deletionRequestedAt ? null : judged.user;
    const valid = judged.valid;
    if (!user || !valid || user.status === 'suspended') {
      const reason = !user ? 'unknown-email' : !valid ? 'wrong-password' : 'suspended';
      void this.audit.record('auth.sign-in-failed', { subject: { ...attempted, id: user?.id ?? null }, origin, details: { reason } });
      // The attempt stays counted. Only a right password learns that the account is suspended.
      throw new AuthError(reason === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'INVALID_CREDENTIALS');
    }
    const { totp, keys } = judged.secondFactors;
    if (totp || keys > 0) {
      // A right password is no failure, but earlier wrong codes stay counted until the code step succeeds.
      await this.rateLimits.giveBack(attempt);
      // docs/security.md: with two-factor on, the password alone yields only a short-lived challenge.
      const { token } = await this.issuer.mfa(user.id);
      const factors: MfaFactorType[] = [...(totp ? (['totp'] as const) : []), ...(keys > 0 ? (['webauthn'] as const) : [])];
      return { mfa_required: true, mfa_token: token, userId: user.id, message: AUTH_MESSAGES.mfaLoginPrompt, factors };
    }
    return this.completion.complete(user, ip, 'aal1');
  }

  /** The account and whether the password is its own (argon2 against nothing for an unknown e-mail: same time). */
  private async judgePassword(email: string, password: string) {
    const user = await this.users.findByEmail(email);
    const valid = user ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.verifyAgainstNothing(password);
    const secondFactors = user && valid ? await this.users.secondFactors(user.id) : { totp: false, keys: 0 };
    return { user, valid, secondFactors };
  }

  /** Spends the presented refresh token (the cookie's) for the next one of its family (docs/security.md). */
  async refresh(refreshToken: string | undefined): Promise<WithRefreshToken<RefreshResponse>> {
    if (!refreshToken) throw new AuthError('INVALID_REFRESH_TOKEN');
    const { session, refreshToken: next } = await this.sessions.rotate(refreshToken);
    return { session, refreshToken: next };
  }

  /**
   * Sign-out: ends the family of the bearer access token (its `sid`), on every service at once. A genuine
   * token that expired within LOGOUT_GRACE_SECONDS (a laptop that slept) still names its own session; none, an
   * older one, or a forged one: 401.
   */
  async logout(accessToken: string | undefined): Promise<void> {
    const user = accessToken
      ? await this.verifier.verifyAccessTokenAllowingExpiry(accessToken, LOGOUT_GRACE_SECONDS).catch(() => null)
      : null;
    if (!user) throw new AuthError('SESSION_EXPIRED');
    if (user.sessionId) await this.sessions.revokeFamily(user.sessionId);
  }

  /** The signed-in user's own account, SSN last 4 included. */
  async me(userId: string): Promise<MeResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new AuthError('SESSION_EXPIRED');
    // A suspended account's still-valid access token opens nothing here either.
    if (user.status === 'suspended') throw new AuthError('ACCOUNT_SUSPENDED');
    return { user: await this.users.view(user, true) };
  }

  /**
   * docs/product/accounts.md §7: only the fields sent change; e-mail never does; SSN 4 digits. A refusal is answered as
   * the screen reads it, `{success: false, error, message, errors}`.
   */
  async updateProfile(userId: string, body: unknown): Promise<UpdateProfileResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new AuthError('PROFILE_LOGIN_AGAIN');
    const parsed = this.profileSchema.safeParse(body ?? {});
    if (!parsed.success) throw ValidationFailedError.asRefusal(fieldErrors(parsed.error));
    return { success: true, user: await this.users.view(await this.users.updateProfile(user, parsed.data), true) };
  }
}
