import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import type { AssuranceLevel } from '@payday/nest-kit';
import { RefreshToken } from './refresh-token.entity.js';

export interface StoredRefreshToken {
  id: string;
  userId: string;
  familyId: string;
  aal: AssuranceLevel;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** Persistence the rotation rules need; a unit test passes an in-memory double. */
export interface RefreshTokenStore {
  insert(row: { userId: string; familyId: string; tokenHash: string; aal: AssuranceLevel; expiresAt: Date }): Promise<void>;
  findByHash(tokenHash: string): Promise<StoredRefreshToken | null>;
  /** Spends a token; false when it was already spent (two racing refreshes: only one wins). */
  markUsed(id: string, at: Date): Promise<boolean>;
  revokeFamily(familyId: string, at: Date): Promise<void>;
  /** `within`: as part of the caller's transaction (a suspension commits the status and the revocation together). */
  revokeAllForUser(userId: string, at: Date, within?: EntityManager): Promise<void>;
  /** Live tokens of the family are now of assurance `aal2`; false when the family has none (or is not the user's). */
  raiseFamily(userId: string, familyId: string): Promise<boolean>;
  /** Revokes every family of the user except `keepFamilyId`. */
  revokeOtherFamilies(userId: string, keepFamilyId: string, at: Date): Promise<void>;
}

export const REFRESH_TOKEN_STORE = Symbol('REFRESH_TOKEN_STORE');

@Injectable()
export class TypeOrmRefreshTokenStore implements RefreshTokenStore {
  constructor(@InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>) {}

  async insert(row: { userId: string; familyId: string; tokenHash: string; aal: AssuranceLevel; expiresAt: Date }) {
    await this.tokens.insert(row);
  }

  findByHash(tokenHash: string) {
    return this.tokens.findOneBy({ tokenHash });
  }

  async markUsed(id: string, at: Date) {
    const result = await this.tokens.update({ id, usedAt: IsNull() }, { usedAt: at });
    return (result.affected ?? 0) === 1;
  }

  async revokeFamily(familyId: string, at: Date) {
    await this.tokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: at });
  }

  async revokeAllForUser(userId: string, at: Date, within?: EntityManager) {
    await (within?.getRepository(RefreshToken) ?? this.tokens).update({ userId, revokedAt: IsNull() }, { revokedAt: at });
  }

  async raiseFamily(userId: string, familyId: string) {
    const result = await this.tokens.update({ userId, familyId, usedAt: IsNull(), revokedAt: IsNull() }, { aal: 'aal2' });
    return (result.affected ?? 0) > 0;
  }

  async revokeOtherFamilies(userId: string, keepFamilyId: string, at: Date) {
    await this.tokens.update({ userId, familyId: Not(keepFamilyId), revokedAt: IsNull() }, { revokedAt: at });
  }
}
