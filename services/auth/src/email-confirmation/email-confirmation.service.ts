import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EMAIL_CONFIRMATION_MESSAGES,
  EMAIL_CONFIRMATION_TTL_SECONDS,
  confirmEmailLink,
  type ConfirmEmailResponse,
  type ResendConfirmationResponse,
} from '@paycadence/contracts';
import { CLOCK, MAIL_SENDER, type Clock, type MailSender } from '@paycadence/nest-kit';
import { IsNull, Not, type DataSource } from 'typeorm';
import { AuditTrail, NO_ORIGIN, type RequestOrigin } from '../audit/audit-trail.js';
import { APP_URL } from '../auth/password-reset.service.js';
import { AuthError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { randomToken, sha256 } from '../crypto/tokens.js';
import { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { confirmationMail } from './confirmation-mail.js';
import { EmailConfirmation } from './email-confirmation.entity.js';

/**
 * Proving an e-mail address (docs/email-addresses.md). A new account gets a link at once; the signed-in person
 * can ask for another (throttled per account, the wait named). A link works once, for 48 hours, and only the
 * newest one works (an older one answers like an unknown link); the database holds its token's SHA-256 only.
 * Opening it confirms the address; so does a password-reset or set-password link (PasswordResetService), which
 * was mailed to the same address.
 */
@Injectable()
export class EmailConfirmationService {
  private readonly logger = new Logger('EmailConfirmation');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly rateLimits: RateLimits,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_URL) private readonly appUrl: string,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /**
   * The first link of an account made by its owner (sign-up) or by an admin with a password: in the background,
   * since the account works without it and the banner offers another. It takes the account's first minute of
   * the resend throttle, so an impatient click right after sign-up is told to wait rather than mailing twice.
   */
  sendFirstLink(user: User): void {
    this.rateLimits
      .takeConfirmationEmail(user.id)
      .then(() => this.mailNewLink(user))
      .catch((error: unknown) =>
        this.logger.warn(
          `first confirmation e-mail not sent: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }

  /** The banner's button: a new link (earlier ones stop working), or 429 naming the wait. */
  async resend(userId: string): Promise<ResendConfirmationResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new AuthError('SESSION_EXPIRED');
    if (user.emailConfirmedAt)
      return { success: true, message: EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed };
    await this.rateLimits.takeConfirmationEmail(user.id);
    try {
      await this.mailNewLink(user);
    } catch (error) {
      this.logger.error(
        `confirmation e-mail not sent: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw new AuthError('CONFIRMATION_MAIL_FAILED');
    }
    return { success: true, message: EMAIL_CONFIRMATION_MESSAGES.resent(user.email) };
  }

  /**
   * Spends a link: unknown 400, used 409, expired 410, each with its own words. Under the row's lock, so two
   * tabs opening one link confirm once and the second is told it was used.
   */
  async confirm(token: string, origin: RequestOrigin = NO_ORIGIN): Promise<ConfirmEmailResponse> {
    const now = this.clock.now();
    const user = await this.dataSource.transaction(async (manager) => {
      const links = manager.getRepository(EmailConfirmation);
      const link = await links.findOne({
        where: { tokenHash: sha256(token) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!link) throw new AuthError('CONFIRMATION_LINK_INVALID');
      if (link.usedAt) throw new AuthError('CONFIRMATION_LINK_USED');
      if (link.expiresAt.getTime() <= now.getTime()) throw new AuthError('CONFIRMATION_LINK_EXPIRED');
      await links.update({ id: link.id }, { usedAt: now });
      await this.users.confirmEmail(link.userId, now, manager);
      // Read on the transaction's own connection: a second one per confirmation could drain the pool.
      return manager.getRepository(User).findOneBy({ id: link.userId });
    });
    if (!user) throw new AuthError('CONFIRMATION_LINK_INVALID');
    const subject = { id: user.id, email: user.email };
    void this.audit.record('auth.email-confirmed', {
      actor: subject,
      subject,
      origin,
      details: { by: 'confirmation-link' },
    });
    return { success: true, email: user.email, message: EMAIL_CONFIRMATION_MESSAGES.confirmed(user.email) };
  }

  /**
   * Stores a fresh link and mails it; once it is sent, the older unused links go (only the newest works, and an
   * older one then reads as unknown, not as used). A failed mail removes the new link and leaves the older ones.
   */
  private async mailNewLink(user: User): Promise<void> {
    const token = randomToken(32);
    const now = this.clock.now();
    const links = this.dataSource.getRepository(EmailConfirmation);
    const inserted = await links.insert({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_SECONDS * 1000),
    });
    const id = String(inserted.identifiers[0]!.id);
    try {
      await this.mail.send(confirmationMail(user.email, user.firstName, confirmEmailLink(this.appUrl, token)));
    } catch (error) {
      await links.delete({ id });
      throw error;
    }
    await links.delete({ userId: user.id, usedAt: IsNull(), id: Not(id) });
  }
}
