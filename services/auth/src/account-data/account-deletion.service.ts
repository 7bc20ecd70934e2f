import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_DATA_SERVICES,
  type AccountDeleteRequest,
  type AccountDeleteResponse,
  type AccountSubject,
} from '@paycadence/contracts';
import { CLOCK, deleteUserRows, type Clock } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { AccountStatusPublisher } from '../admin/account-status.publisher.js';
import { AuditTrail, NO_ORIGIN, NOBODY } from '../audit/audit-trail.js';
import { AuthError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { MfaService } from '../mfa/mfa.service.js';
import { SessionService } from '../sessions/session.service.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AccountDataClient } from './account-data.client.js';
import { AUTH_USER_TABLES, accountSubject } from './auth-user-tables.js';

/** How often the sweep looks for deletions cut short, and how old one must be (the request's own run goes first). */
export const DELETION_SWEEP_EVERY_MS = 60_000;
export const DELETION_RETRY_AFTER_MS = 60_000;

/**
 * Deleting an account, safe to retry at every step:
 * 1. the password (and a 2FA code when on) is checked, counted against the account like the 2FA settings;
 * 2. the account is marked `deletion_requested_at` (from then on it cannot sign in), every refresh token is
 *    revoked and announced, and the account-status channel every guard follows refuses its access tokens at once;
 * 3. each service forgets the user (`<service>.account.delete`, idempotent), bank-sync first (Plaid items removed
 *    at Plaid), then finance, household (households handed over or deleted), waitlist, and admin (audit entries
 *    anonymised);
 * 4. auth deletes its own rows, the account last.
 * A service down at step 3 leaves the account marked: the answer is `pending`, and the sweep runs steps 3–4
 * again every minute until they all answered. Every step only ever touches rows naming this account.
 */
@Injectable()
export class AccountDeletionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AccountDeletion');
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    @Inject(MfaService) private readonly mfa: MfaService,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AccountStatusPublisher) private readonly status: AccountStatusPublisher,
    @Inject(AccountDataClient) private readonly services: AccountDataClient,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async delete(userId: string, request: AccountDeleteRequest): Promise<AccountDeleteResponse> {
    const user = await this.users.findById(userId);
    if (!user || user.deletionRequestedAt) throw new AuthError('SESSION_EXPIRED');
    // The last administrator deleting themselves would lock everyone out of the admin area.
    if (user.role === 'admin') throw new AuthError('ADMIN_ACCOUNT_NOT_DELETABLE');
    await this.confirm(user, request);
    await this.close(user.id);
    const done = await this.finish(accountSubject(user)).then(
      () => true,
      (error: unknown) => {
        this.logger.warn(`deletion of ${user.id} pending, the sweep retries: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      },
    );
    return done
      ? { success: true, status: 'deleted', message: ACCOUNT_DATA_MESSAGES.deleted }
      : { success: true, status: 'pending', message: ACCOUNT_DATA_MESSAGES.pending };
  }

  /** The password, then (only when it is right, so a wrong password never spends a code) the second factor. */
  private async confirm(user: User, request: AccountDeleteRequest): Promise<void> {
    await this.rateLimits.takeAccountAttempt(user.email);
    let passwordRight = false;
    let mfaOn = false;
    let codeRight = false;
    try {
      passwordRight = await this.hasher.verify(user.passwordHash, request.password);
      mfaOn = passwordRight && (await this.users.isMfaEnabled(user.id));
      if (mfaOn && request.code) codeRight = await this.mfa.verifyForSignIn(user.id, request.code);
    } catch (error) {
      // Nothing was judged (the database or the hasher failed): the attempt goes back.
      await this.rateLimits.returnAccountAttempt(user.email).catch(() => undefined);
      throw error;
    }
    if (!passwordRight) throw new AuthError('ACCOUNT_PASSWORD_INCORRECT');
    if (mfaOn && !request.code) {
      // Asking for the code is no failed attempt.
      await this.rateLimits.returnAccountAttempt(user.email);
      throw new AuthError('ACCOUNT_CODE_REQUIRED');
    }
    if (mfaOn && !codeRight) throw new AuthError('ACCOUNT_CODE_INVALID');
    await this.rateLimits.returnAccountAttempt(user.email);
  }

  /** Step 2: no sign-in, no refresh, and every access token refused by every service's guard at once. */
  private async close(userId: string): Promise<void> {
    await this.dataSource.query(`UPDATE users SET deletion_requested_at = $2 WHERE id = $1 AND deletion_requested_at IS NULL`, [userId, this.clock.now()]);
    await this.sessions.revokeAll(userId);
    // The suspension key lives as long as an access token can: every token issued before has expired by then.
    await this.status.publish(userId, 'suspended');
  }

  /**
   * Steps 3 and 4; throws when a service did not forget the user (the account stays marked for the sweep). The
   * audit log gets that an account was deleted, and when, naming nobody: admin has just erased the person from
   * it, and the entry must not bring them back. `by` says whether the request finished it or the sweep did.
   */
  async finish(subject: AccountSubject, by: 'request' | 'sweep' = 'request'): Promise<void> {
    for (const service of ACCOUNT_DATA_SERVICES) {
      const removed = await this.services.deleteIn(service, subject);
      this.logger.log(`${service} forgot ${subject.userId}: ${JSON.stringify(removed)}`);
    }
    const deleted = await this.dataSource.transaction(async (manager) => {
      // Only an account still marked: a sweep and a request finishing the same deletion delete it once.
      const [marked] = (await manager.query(`SELECT id FROM users WHERE id = $1 AND deletion_requested_at IS NOT NULL FOR UPDATE`, [
        subject.userId,
      ])) as { id: string }[];
      if (marked) await deleteUserRows(manager, AUTH_USER_TABLES, subject);
      return Boolean(marked);
    });
    if (deleted) void this.audit.record('auth.account-deleted', { subject: NOBODY, origin: NO_ORIGIN, details: { completedBy: by } });
  }

  /** Deletions cut short (a service was down, auth restarted): asked again, oldest first. */
  async sweep(retryAfterMs = DELETION_RETRY_AFTER_MS): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      const before = new Date(this.clock.now().getTime() - retryAfterMs);
      const pending = (await this.dataSource.query(
        `SELECT id, email, email_confirmed_at AS "emailConfirmedAt" FROM users
          WHERE deletion_requested_at IS NOT NULL AND deletion_requested_at <= $1 ORDER BY deletion_requested_at LIMIT 20`,
        [before],
      )) as { id: string; email: string; emailConfirmedAt: Date | null }[];
      let finished = 0;
      for (const row of pending) {
        try {
          // The guards' refusal lives 15 minutes: renewed while the deletion is still pending.
          await this.status.publish(row.id, 'suspended');
          await this.finish(accountSubject(row), 'sweep');
          finished += 1;
        } catch (error) {
          this.logger.warn(`deletion of ${row.id} still pending: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return finished;
    } finally {
      this.sweeping = false;
    }
  }

  onApplicationBootstrap(): void {
    this.sweepTimer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn(`deletion sweep failed: ${error instanceof Error ? error.message : String(error)}`));
    }, DELETION_SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }
}
