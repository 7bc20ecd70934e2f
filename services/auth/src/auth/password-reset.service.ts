import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import {
  AUTH_MESSAGES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  PRODUCT_NAME,
  RECOVERY_TOKEN_TTL_SECONDS,
  resetPasswordLink,
  type ForgotPasswordResponse,
  type UpdatePasswordResponse,
} from '@paycadence/contracts';
import { CLOCK, JwtVerifier, MAIL_SENDER, escapeHtml, type Clock, type MailSender } from '@paycadence/nest-kit';
import { AuditTrail, NO_ORIGIN, type RequestOrigin } from '../audit/audit-trail.js';
import { AuthError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { randomToken, sha256 } from '../crypto/tokens.js';
import { SessionService } from '../sessions/session.service.js';
import { clientKey } from '../throttling/client-key.js';
import { TokenIssuer } from '../tokens/token-issuer.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { RecoveryToken } from './recovery-token.entity.js';

export const APP_URL = Symbol('APP_URL');

/** What became of a reset request (the audit log's detail; the caller's answer is the same for all). */
type ResetOutcome = 'sent' | 'no-account' | 'not-active' | 'throttled' | 'mail-failed';

/**
 * Outcomes anyone can cause as often as they like (no e-mail goes out, so nothing throttles them): recorded
 * once per address and IP per window, the way lockouts are, so an anonymous loop cannot
 * flood the append-only log. 'sent' and 'mail-failed' are already limited to one a minute per address.
 */
const COLLAPSED_OUTCOMES: ReadonlySet<ResetOutcome> = new Set(['no-account', 'not-active', 'throttled']);
export const RESET_REQUEST_AUDIT_WINDOW_SECONDS = LOGIN_FAILURE_WINDOW_SECONDS;

/** Forgot / reset password (docs/product/accounts.md §2, §4; docs/security.md: single-use recovery token in the fragment). */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    @InjectRepository(RecoveryToken) private readonly recoveryTokens: Repository<RecoveryToken>,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly issuer: TokenIssuer,
    private readonly hasher: PasswordHasher,
    private readonly rateLimits: RateLimits,
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_URL) private readonly appUrl: string,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /**
   * Starts the reset in the background and answers at once, the same message whether or not the account
   * exists, so neither the answer nor its timing tells. The work's errors are
   * logged, never left unhandled. First the client's hourly allowance of requests is taken (429 past it, before
   * any lookup): it depends on the client alone, so it tells nothing about the address either.
   */
  async requestReset(email: string, origin: RequestOrigin = NO_ORIGIN): Promise<ForgotPasswordResponse> {
    await this.rateLimits.takeResetRequest(origin.ip);
    this.sendResetLink(email, origin).catch((error: unknown) => {
      this.logger.error(`password reset request failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    return { message: AUTH_MESSAGES.forgotPasswordSent };
  }

  /** Looks the account up and mails a single-use link, at most one a minute per address; audited either way. */
  async sendResetLink(email: string, origin: RequestOrigin = NO_ORIGIN): Promise<void> {
    const user = await this.users.findByEmail(email);
    const outcome = await this.mailResetLink(user);
    const subject = { id: user?.id ?? null, email: user?.email ?? email.trim().toLowerCase() };
    if (COLLAPSED_OUTCOMES.has(outcome) && !(await this.firstInWindow(subject.email, origin))) return;
    void this.audit.record('auth.password-reset-requested', { subject, origin, details: { outcome } });
  }

  /** True for the first collapsed request of this address and client (IPv6: its /64) in the window (a Redis hiccup: true). */
  private firstInWindow(email: string, origin: RequestOrigin): Promise<boolean> {
    return this.rateLimits.claimOnce('reset-requested', `${email}|${clientKey(origin.ip)}`, RESET_REQUEST_AUDIT_WINDOW_SECONDS).catch(() => true);
  }

  private async mailResetLink(user: User | null): Promise<ResetOutcome> {
    if (!user) return 'no-account';
    if (user.status !== 'active') return 'not-active';
    if (!(await this.rateLimits.claimResetEmail(user.email))) return 'throttled';
    const link = await this.issueRecoveryLink(user.id, RECOVERY_TOKEN_TTL_SECONDS);
    const minutes = RECOVERY_TOKEN_TTL_SECONDS / 60;
    try {
      await this.mail.send({
        to: user.email,
        subject: `Reset your ${PRODUCT_NAME} password`,
        text: `We received a request to reset your ${PRODUCT_NAME} password.\n\nSet a new password here (the link works once, for ${minutes} minutes):\n${link}\n\nIf you did not ask for this, you can ignore this e-mail.`,
        html: `<p>We received a request to reset your ${PRODUCT_NAME} password.</p><p><a href="${escapeHtml(link)}">Set a new password</a> (the link works once, for ${minutes} minutes).</p><p>If you did not ask for this, you can ignore this e-mail.</p>`,
      });
      return 'sent';
    } catch (error) {
      // Same answer either way (no account probing); the failure is logged for operators.
      this.logger.error(`reset e-mail not sent: ${(error as Error).message}`);
      return 'mail-failed';
    }
  }

  /**
   * A new single-use link to the reset screen (docs/product/accounts.md §2) for this account, valid `ttlSeconds`: the reset
   * e-mail's, and the set-password link of an approved waitlist entry (the same screen sets its first password).
   */
  async issueRecoveryLink(userId: string, ttlSeconds: number): Promise<string> {
    const jti = randomUUID();
    const { token, expiresAt } = await this.issuer.recovery(userId, jti, ttlSeconds);
    await this.recoveryTokens.insert({ id: jti, userId, tokenHash: sha256(token), expiresAt: new Date(expiresAt * 1000) });
    // The screen requires both fragment values (docs/product/accounts.md §2); the second is random and carries no power.
    return resetPasswordLink(this.appUrl, token, randomToken(24));
  }

  /** Every unused link of the account stops working (an approval's link re-issued: only the newest one works). */
  async revokeLinks(userId: string): Promise<void> {
    await this.recoveryTokens.update({ userId, usedAt: IsNull() }, { usedAt: this.clock.now() });
  }

  /** Sets the password once per link and ends every session of the user. */
  async resetPassword(recoveryToken: string | undefined, password: string, origin: RequestOrigin = NO_ORIGIN): Promise<UpdatePasswordResponse> {
    if (!recoveryToken) throw new AuthError('INVALID_RESET_LINK');
    const claims = await this.verifier.verifyClaims(recoveryToken, 'recovery').catch(() => {
      throw new AuthError('INVALID_RESET_LINK');
    });
    const now = this.clock.now();
    const spent = await this.recoveryTokens.update(
      { id: String(claims.jti), userId: String(claims.sub), tokenHash: sha256(recoveryToken), usedAt: IsNull(), expiresAt: MoreThan(now) },
      { usedAt: now },
    );
    if ((spent.affected ?? 0) !== 1) throw new AuthError('INVALID_RESET_LINK');
    await this.users.setPassword(String(claims.sub), await this.hasher.hash(password));
    // The link reached the account's address, which proves it (how an approved waitlist entry gets confirmed).
    await this.users.confirmEmail(String(claims.sub), now);
    // Older links of the same user stop working too.
    await this.recoveryTokens.update({ userId: String(claims.sub), usedAt: IsNull() }, { usedAt: now });
    await this.sessions.revokeAll(String(claims.sub));
    const user = await this.users.findById(String(claims.sub));
    const subject = { id: String(claims.sub), email: user?.email ?? null };
    void this.audit.record('auth.password-reset-completed', { actor: subject, subject, origin });
    return { success: true };
  }
}
