import type { EntityManager } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type AuthSession } from '@payday/contracts';
import { CLOCK, type AssuranceLevel, type Clock } from '@payday/nest-kit';
import { AuthError } from '../common/auth-error.js';
import { randomToken, sha256 } from '../crypto/tokens.js';
import type { AccessTokenSubject } from '../tokens/token-issuer.js';
import { REFRESH_TOKEN_STORE, type RefreshTokenStore } from './refresh-token.store.js';

/** What rotation needs to know about the token's owner. */
export interface SessionUser extends AccessTokenSubject {
  status: 'active' | 'suspended';
}

export interface AccessTokenSigner {
  access(user: AccessTokenSubject, sessionId: string, aal: AssuranceLevel): Promise<{ token: string; expiresAt: number }>;
}
export const ACCESS_TOKEN_SIGNER = Symbol('ACCESS_TOKEN_SIGNER');
export interface SessionUserLookup {
  sessionUser(userId: string): Promise<SessionUser | null>;
}
export const SESSION_USER_LOOKUP = Symbol('SESSION_USER_LOOKUP');

/**
 * Sessions (DESIGN §4): a sign-in starts a refresh-token family; each refresh spends the presented token and
 * issues the next; presenting a spent token again means it leaked, so the whole family is revoked.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(REFRESH_TOKEN_STORE) private readonly store: RefreshTokenStore,
    @Inject(ACCESS_TOKEN_SIGNER) private readonly signer: AccessTokenSigner,
    @Inject(SESSION_USER_LOOKUP) private readonly users: SessionUserLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A new family for a fresh sign-in. */
  start(user: AccessTokenSubject, aal: AssuranceLevel): Promise<AuthSession> {
    return this.issue(user, randomUUID(), aal);
  }

  /** Rotates: the presented token is spent, a new one of the same family and assurance level is returned. */
  async rotate(refreshToken: string): Promise<{ session: AuthSession; user: SessionUser }> {
    const now = this.clock.now();
    const stored = await this.store.findByHash(sha256(refreshToken));
    if (!stored) throw new AuthError('INVALID_REFRESH_TOKEN');
    const user = await this.users.sessionUser(stored.userId);
    // Before the revocation check: a suspension revokes every token, and the user should learn why.
    if (user?.status === 'suspended') {
      await this.store.revokeFamily(stored.familyId, now);
      throw new AuthError('ACCOUNT_SUSPENDED');
    }
    if (stored.revokedAt) throw new AuthError('INVALID_REFRESH_TOKEN');
    if (stored.usedAt) {
      // DESIGN §4: reuse of a spent refresh token revokes its family.
      await this.store.revokeFamily(stored.familyId, now);
      throw new AuthError('INVALID_REFRESH_TOKEN');
    }
    if (stored.expiresAt.getTime() <= now.getTime()) throw new AuthError('INVALID_REFRESH_TOKEN');
    if (!user) throw new AuthError('INVALID_REFRESH_TOKEN');
    if (!(await this.store.markUsed(stored.id, now))) {
      // Lost a race with another refresh of the same token: treated as reuse.
      await this.store.revokeFamily(stored.familyId, now);
      throw new AuthError('INVALID_REFRESH_TOKEN');
    }
    return { session: await this.issue(user, stored.familyId, stored.aal), user };
  }

  /**
   * Logout: ends the family of the presented token. With `userId` (a caller with an access token) only when
   * it is theirs; without, holding the refresh token is what entitles the caller to end its family.
   */
  async revokeByToken(refreshToken: string, userId?: string): Promise<void> {
    const stored = await this.store.findByHash(sha256(refreshToken));
    if (stored && (userId === undefined || stored.userId === userId)) await this.store.revokeFamily(stored.familyId, this.clock.now());
  }

  /**
   * The caller just proved the second factor (enabling 2FA): their family's next refresh answers aal2. No new
   * refresh token is minted, so an access token alone never turns into a lasting session.
   */
  async raiseFamilyToAal2(userId: string, familyId: string | undefined): Promise<boolean> {
    return familyId ? this.store.raiseFamily(userId, familyId) : false;
  }

  /** 2FA turned on or off: every other session of the user ends; the caller's family stays. */
  revokeOtherFamilies(userId: string, keepFamilyId: string | undefined): Promise<void> {
    const now = this.clock.now();
    return keepFamilyId ? this.store.revokeOtherFamilies(userId, keepFamilyId, now) : this.store.revokeAllForUser(userId, now);
  }

  revokeFamily(familyId: string): Promise<void> {
    return this.store.revokeFamily(familyId, this.clock.now());
  }

  /** A new password (or a suspension, inside its transaction: `within`) ends every session of the user. */
  revokeAll(userId: string, within?: EntityManager): Promise<void> {
    return this.store.revokeAllForUser(userId, this.clock.now(), within);
  }

  private async issue(user: AccessTokenSubject, familyId: string, aal: AssuranceLevel): Promise<AuthSession> {
    const refreshToken = randomToken();
    const now = this.clock.now();
    await this.store.insert({
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      aal,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    const access = await this.signer.access(user, familyId, aal);
    return {
      access_token: access.token,
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: access.expiresAt,
      token_type: 'bearer',
    };
  }
}
