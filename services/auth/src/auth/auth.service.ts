import { Inject, Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  createRegisterRequestSchema,
  createUpdateProfileRequestSchema,
  fieldErrors,
  type LoginResponse,
  type SessionResponse,
  type UpdateProfileCommand,
} from '@payday/contracts';
import { DomainError, ValidationFailedError } from '@payday/nest-kit';
import { CLOCK, type Clock } from '../common/clock.js';
import { RateLimits } from '../common/rate-limits.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { AccountSuspendedError, SessionService } from '../sessions/session.service.js';
import { TokenIssuer } from '../tokens/token-issuer.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

export class InvalidCredentialsError extends DomainError {
  constructor() {
    super('INVALID_CREDENTIALS', 401, AUTH_MESSAGES.invalidCredentials);
  }
}

/** Registration, password sign-in and profile rules (spec part 1 §5, §6, §7; DESIGN §4). */
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
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    // The form's schema, with the age rule measured against the injected clock.
    this.registerSchema = createRegisterRequestSchema(() => this.clock.now());
    this.profileSchema = createUpdateProfileRequestSchema(() => this.clock.now());
  }

  /** spec part 1 §6: sign-up always sets role 'user'; the answer carries a session (to /dashboard). */
  async register(body: unknown): Promise<SessionResponse> {
    const parsed = this.registerSchema.safeParse(body ?? {});
    if (!parsed.success) throw new ValidationFailedError(fieldErrors(parsed.error));
    const command = parsed.data;
    if (await this.users.findByEmail(command.email)) throw new DomainError('EMAIL_TAKEN', 409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
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
    return { user: await this.users.view(user), session: await this.sessions.start(user, 'aal1') };
  }

  /**
   * Same 401 for an unknown e-mail and a wrong password; throttled per account and per IP. The attempt is
   * counted before the hash is checked (security review 2) and the account's count is cleared only when the
   * whole sign-in is done: with 2FA on that is at /api/mfa/verify, never here (security review 1).
   */
  async login(email: string, password: string, ip: string): Promise<LoginResponse> {
    await this.rateLimits.takeSignInAttempt(email, ip);
    const user = await this.users.findByEmail(email);
    const valid = user ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.verifyAgainstNothing(password);
    if (!user || !valid) throw new InvalidCredentialsError(); // the attempt stays counted
    if (user.status === 'suspended') throw new AccountSuspendedError();
    if (await this.users.isMfaEnabled(user.id)) {
      // A right password is no failure, but earlier wrong codes stay counted until the code step succeeds.
      await this.rateLimits.returnSignInAttempt(email, ip);
      // DESIGN §4: with TOTP on, the password alone yields only a short-lived challenge.
      const { token } = await this.issuer.mfa(user.id);
      return { mfa_required: true, mfa_token: token, userId: user.id, message: AUTH_MESSAGES.mfaLoginPrompt };
    }
    await this.rateLimits.completeSignIn(email, ip);
    return { user: await this.users.view(user), session: await this.sessions.start(user, 'aal1') };
  }

  /** spec part 1 §7: only the fields sent change; e-mail never does; SSN 4 digits. */
  parseProfile(body: unknown): UpdateProfileCommand {
    const parsed = this.profileSchema.safeParse(body ?? {});
    if (!parsed.success) throw new ValidationFailedError(fieldErrors(parsed.error));
    return parsed.data;
  }

  async updateProfile(user: User, changes: UpdateProfileCommand) {
    return this.users.view(await this.users.updateProfile(user, changes), true);
  }
}
