import type { EntityManager } from 'typeorm';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type AuthSession } from '@paycadence/contracts';
import { CLOCK, REDIS, type AssuranceLevel, type Clock } from '@paycadence/nest-kit';
import type { Redis } from 'ioredis';
import { AuthError } from '../errors.js';
import { randomToken, sha256 } from '../crypto/tokens.js';
import type { AccessTokenSubject } from '../tokens/token-issuer.js';
import { REFRESH_TOKEN_STORE, type RefreshTokenStore } from './refresh-token.store.js';
import { SessionRevocations } from './session-revocations.js';

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
 * A started or rotated session: the body's part (access token, no refresh token: a script could read it)
 * and the refresh token, which leaves only in the HttpOnly cookie.
 */
export interface IssuedSession {
  session: AuthSession;
  refreshToken: string;
}

/**
 * An answer that starts or rotates a session, with the refresh token beside the body: the controller moves
 * it into the cookie and never into the body (AuthController / MfaController `withRefreshCookie`).
 */
/** `deviceCookie`: a full sign-in's device-cookie Set-Cookie line (throttling/device-cookie.ts). */
export type WithRefreshToken<T> = T & { refreshToken?: string; deviceCookie?: string };

/**
 * Sessions (docs/security.md): a sign-in starts a refresh-token family (its id is the access tokens' `sid`); each
 * refresh spends the presented token and issues the next; presenting a spent token again means it leaked, so
 * the whole family is revoked. Whatever ends a family also ends its access tokens at once on every service
 * (SessionRevocations: the product promises that signing out ends the session everywhere immediately).
 */
@Injectable()
export class SessionService {
  private readonly revocations: SessionRevocations | undefined;

  constructor(
    @Inject(REFRESH_TOKEN_STORE) private readonly store: RefreshTokenStore,
    @Inject(ACCESS_TOKEN_SIGNER) private readonly signer: AccessTokenSigner,
    @Inject(SESSION_USER_LOOKUP) private readonly users: SessionUserLookup,
    @Inject(CLOCK) private readonly clock: Clock,
    // Optional only for unit tests and tools without Redis; the service always has it.
    @Optional() @Inject(REDIS) redis?: Redis,
  ) {
    this.revocations = redis ? new SessionRevocations(redis) : undefined;
  }

  /** A new family for a fresh sign-in. */
  async start(user: AccessTokenSubject, aal: AssuranceLevel): Promise<IssuedSession> {
    const familyId = randomUUID();
    const refreshToken = randomToken();
    await this.store.insert({ userId: user.id, familyId, tokenHash: sha256(refreshToken), aal, expiresAt: this.refreshExpiry() });
    return { session: await this.accessFor(user, familyId, aal), refreshToken };
  }

  /**
   * Rotates: the presented token is spent and a new one of the same family and assurance level issued, in
   * one transaction (RefreshTokenStore.rotate), so of two racing refreshes of one token exactly one wins and
   * the other, seen as reuse, revokes the family, the winner's new token included.
   */
  async rotate(refreshToken: string): Promise<IssuedSession & { user: SessionUser }> {
    const now = this.clock.now();
    const tokenHash = sha256(refreshToken);
    const stored = await this.store.findByHash(tokenHash);
    if (!stored) throw new AuthError('INVALID_REFRESH_TOKEN');
    const user = await this.users.sessionUser(stored.userId);
    // Before the revocation check: a suspension revokes every token, and the user should learn why.
    if (user?.status === 'suspended') {
      await this.revokeFamily(stored.familyId);
      throw new AuthError('ACCOUNT_SUSPENDED');
    }
    if (!user) throw new AuthError('INVALID_REFRESH_TOKEN');
    const next = randomToken();
    const rotation = await this.store.rotate(tokenHash, { tokenHash: sha256(next), expiresAt: this.refreshExpiry() }, now);
    if (rotation.outcome === 'reused') await this.announce(rotation.revokedFamilies);
    if (rotation.outcome !== 'rotated') throw new AuthError('INVALID_REFRESH_TOKEN');
    return { session: await this.accessFor(user, rotation.spent.familyId, rotation.spent.aal), refreshToken: next, user };
  }

  /**
   * The caller just proved the second factor (enabling 2FA): their family's next refresh answers aal2. No new
   * refresh token is minted, so an access token alone never turns into a lasting session.
   */
  async raiseFamilyToAal2(userId: string, familyId: string | undefined): Promise<boolean> {
    return familyId ? this.store.raiseFamily(userId, familyId) : false;
  }

  /** 2FA turned on or off: every other session of the user ends; the caller's family stays. */
  async revokeOtherFamilies(userId: string, keepFamilyId: string | undefined): Promise<void> {
    const now = this.clock.now();
    await this.announce(
      keepFamilyId ? await this.store.revokeOtherFamilies(userId, keepFamilyId, now) : await this.store.revokeAllForUser(userId, now),
    );
  }

  /** Sign-out (the access token's `sid`), or a suspended user's refresh: that family ends, everywhere. */
  async revokeFamily(familyId: string): Promise<void> {
    await this.announce(await this.store.revokeFamily(familyId, this.clock.now()));
  }

  /**
   * A new password (or a suspension, inside its transaction: `within`) ends every session of the user. Inside
   * a transaction nothing is announced (it may still roll back): the suspension has its own announcement.
   */
  async revokeAll(userId: string, within?: EntityManager): Promise<void> {
    const ended = await this.store.revokeAllForUser(userId, this.clock.now(), within);
    if (!within) await this.announce(ended);
  }

  private announce(familyIds: string[]): Promise<void> {
    return this.revocations ? this.revocations.announce(familyIds) : Promise.resolve();
  }

  private refreshExpiry(): Date {
    return new Date(this.clock.now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  }

  private async accessFor(user: AccessTokenSubject, familyId: string, aal: AssuranceLevel): Promise<AuthSession> {
    const access = await this.signer.access(user, familyId, aal);
    return { access_token: access.token, expires_in: ACCESS_TOKEN_TTL_SECONDS, expires_at: access.expiresAt, token_type: 'bearer' };
  }
}
