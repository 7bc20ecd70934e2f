import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  SECURITY_KEY_LIMITS,
  type AuthenticationCredential,
  type MfaFactorView,
  type RegistrationCredential,
} from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { AuthError } from '../errors.js';
import { SecurityKey } from './security-key.entity.js';
import { WebAuthnCeremonies, type CeremonyPurpose } from './webauthn/ceremonies.js';
import {
  RELYING_PARTY,
  authenticationOptions,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
  type AssertionVerdict,
  type RelyingParty,
  type StoredCredential,
} from './webauthn/relying-party.js';

const UNIQUE_VIOLATION = '23505';

const stored = (key: SecurityKey): StoredCredential => ({
  credentialId: key.credentialId,
  publicKey: key.publicKey,
  counter: Number(key.counter),
  transports: key.transports,
});

/**
 * A user's security keys and passkeys (docs/passkeys.md): the ceremonies' options, a new key checked and
 * stored, a key proved. Which password or session each step needs is decided by the callers
 * (MfaService, MfaSignInService, PasskeySignInService); this holds the keys and their counters.
 */
@Injectable()
export class SecurityKeysService {
  constructor(
    @InjectRepository(SecurityKey) private readonly keys: Repository<SecurityKey>,
    @Inject(WebAuthnCeremonies) private readonly ceremonies: WebAuthnCeremonies,
    @Inject(RELYING_PARTY) private readonly party: RelyingParty,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  list(userId: string): Promise<SecurityKey[]> {
    return this.keys.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  /** The keys as the 2FA panel lists them: name, added, last used; nothing that identifies the authenticator. */
  async views(userId: string): Promise<MfaFactorView[]> {
    return (await this.list(userId)).map((key) => ({
      id: key.id,
      factor_type: 'webauthn',
      status: 'verified',
      friendly_name: key.name,
      created_at: key.createdAt.toISOString(),
      last_used_at: key.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /** Options to add a key, bound to the signed-in session that asked (`sessionId`). */
  async registrationOptions(account: { id: string; email: string; displayName: string }, sessionId: string) {
    const existing = await this.list(account.id);
    if (existing.length >= SECURITY_KEY_LIMITS.perAccount) throw new AuthError('KEY_LIMIT');
    const options = await registrationOptions(this.party, account, existing.map(stored));
    await this.ceremonies.begin('register', sessionId, options.challenge);
    return options;
  }

  /**
   * The browser's answer to `registrationOptions`, from the same session: verified against the challenge (taken,
   * so it answers once), the origin and the relying party, then stored. `transaction` runs with the new key in
   * the same transaction (backup codes when this key turned two-factor on).
   */
  async register(
    userId: string,
    sessionId: string,
    name: string,
    credential: RegistrationCredential,
    transaction: (manager: EntityManager, isFirstSecondFactor: boolean) => Promise<void> = async () => undefined,
  ): Promise<SecurityKey> {
    const challenge = await this.ceremonies.take('register', sessionId);
    if (!challenge) throw new AuthError('KEY_CHALLENGE_EXPIRED');
    const made = await verifyRegistration(this.party, credential, challenge);
    if (!made) throw new AuthError('KEY_NOT_VERIFIED');
    try {
      return await this.keys.manager.transaction(async (manager) => {
        // The account's row is locked so two additions at once cannot pass the limit together.
        await manager.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
        const count = await manager.countBy(SecurityKey, { userId });
        if (count >= SECURITY_KEY_LIMITS.perAccount) throw new AuthError('KEY_LIMIT');
        const [{ totp }] = (await manager.query(`SELECT EXISTS (SELECT 1 FROM mfa_factors WHERE user_id = $1 AND enabled) AS totp`, [userId])) as {
          totp: boolean;
        }[];
        const key = await manager.save(
          manager.create(SecurityKey, {
            userId,
            credentialId: made.credentialId,
            publicKey: Buffer.from(made.publicKey),
            counter: String(made.counter),
            transports: made.transports,
            deviceType: made.deviceType,
            backedUp: made.backedUp,
            name,
          }),
        );
        await transaction(manager, count === 0 && !totp);
        return key;
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new AuthError('KEY_ALREADY_ADDED');
      throw error;
    }
  }

  /**
   * Options to prove one of the account's keys: for the sign-in's second step (bound to its mfa_token) or to
   * confirm a change while signed in (bound to the session). KEY_NOT_FOUND when the account has none.
   */
  async assertionOptions(purpose: Extract<CeremonyPurpose, 'step-up' | 'second-factor'>, userId: string, binding: string) {
    const keys = await this.list(userId);
    if (keys.length === 0) throw new AuthError('KEY_NOT_FOUND');
    const options = await authenticationOptions(this.party, keys.map(stored));
    await this.ceremonies.begin(purpose, binding, options.challenge);
    return options;
  }

  /** Options for a passkey the browser picks itself (no account known yet), bound to the ceremony cookie. */
  async passkeyOptions(ceremonyId: string) {
    const options = await authenticationOptions(this.party, []);
    await this.ceremonies.begin('passkey', ceremonyId, options.challenge);
    return options;
  }

  /** The pending challenge of a ceremony, taken (a second answer finds none). */
  takeChallenge(purpose: CeremonyPurpose, binding: string): Promise<string | null> {
    return this.ceremonies.take(purpose, binding);
  }

  /** The key an assertion names: of this account only, or of any account (a passkey names its own). */
  findKey(credentialId: string, userId?: string): Promise<SecurityKey | null> {
    return this.keys.findOneBy(userId ? { credentialId, userId } : { credentialId });
  }

  /**
   * Judges an assertion of `key` against `challenge`. Verified: the new counter and the time of use are stored
   * only if the counter is still the one judged against, so two answers signed with the same counter cannot
   * both pass.
   */
  async prove(key: SecurityKey, credential: AuthenticationCredential, challenge: string): Promise<AssertionVerdict> {
    const verdict = await verifyAssertion(this.party, credential, stored(key), challenge);
    if (verdict.outcome !== 'verified') return verdict;
    const result = await this.keys
      .createQueryBuilder()
      .update()
      .set({ counter: String(verdict.counter), lastUsedAt: this.clock.now() })
      .where('id = :id AND counter = :counter', { id: key.id, counter: key.counter })
      .execute();
    return (result.affected ?? 0) === 1 ? verdict : { outcome: 'refused' };
  }

  /** Removes one of the account's keys; its name, or null when the account has no such key. */
  async remove(userId: string, keyId: string, manager: EntityManager = this.keys.manager): Promise<string | null> {
    if (!/^[0-9a-f-]{36}$/i.test(keyId)) return null;
    const rows = (await manager.query(`DELETE FROM security_keys WHERE id = $1 AND user_id = $2 RETURNING name`, [keyId, userId])) as [
      { name: string }[],
      number,
    ];
    return rows[0][0]?.name ?? null;
  }
}
