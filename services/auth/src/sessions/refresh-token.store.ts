import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import type { AssuranceLevel } from '@paycadence/nest-kit';
import { User } from '../users/user.entity.js';
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

/** The successor a rotation inserts: same user, family and assurance level as the token it spends. */
export interface Successor {
  tokenHash: string;
  expiresAt: Date;
}

/**
 * What became of a presented refresh token. `reused`: it was spent already (a leak, or the loser of two
 * racing refreshes), so its family was revoked, the winner's new token included.
 */
export type Rotation =
  | { outcome: 'rotated'; spent: StoredRefreshToken }
  | { outcome: 'unknown' | 'revoked' | 'expired' }
  | { outcome: 'reused'; revokedFamilies: string[] };

/**
 * Persistence the rotation rules need; a unit test passes an in-memory double. Every change that revokes
 * answers the families it ended (whose access tokens must stop working at once).
 */
export interface RefreshTokenStore {
  insert(row: { userId: string; familyId: string; tokenHash: string; aal: AssuranceLevel; expiresAt: Date }): Promise<void>;
  findByHash(tokenHash: string): Promise<StoredRefreshToken | null>;
  /**
   * Spends the presented token and inserts its successor, or revokes its family on reuse: all in ONE
   * transaction, serialised with every other change to the user's sessions, so two racing refreshes of one
   * token give exactly one success and leave no live token once reuse is seen.
   */
  rotate(tokenHash: string, successor: Successor, now: Date): Promise<Rotation>;
  revokeFamily(familyId: string, at: Date): Promise<string[]>;
  /** `within`: as part of the caller's transaction (a suspension commits the status and the revocation together). */
  revokeAllForUser(userId: string, at: Date, within?: EntityManager): Promise<string[]>;
  /** Live tokens of the family are now of assurance `aal2`; false when the family has none (or is not the user's). */
  raiseFamily(userId: string, familyId: string): Promise<boolean>;
  /** Revokes every family of the user except `keepFamilyId`. */
  revokeOtherFamilies(userId: string, keepFamilyId: string, at: Date): Promise<string[]>;
}

export const REFRESH_TOKEN_STORE = Symbol('REFRESH_TOKEN_STORE');

/**
 * The families a revocation ended that may still have access tokens out: those whose newest token was
 * unspent (an access token is minted with every token of a family, and only the newest one's can be alive).
 */
const liveFamilies = (rows: { family_id: string; used_at: Date | null }[]): string[] => [
  ...new Set(rows.filter((row) => row.used_at === null).map((row) => row.family_id)),
];

@Injectable()
export class TypeOrmRefreshTokenStore implements RefreshTokenStore {
  constructor(@InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>) {}

  async insert(row: { userId: string; familyId: string; tokenHash: string; aal: AssuranceLevel; expiresAt: Date }) {
    await this.tokens.insert(row);
  }

  findByHash(tokenHash: string) {
    return this.tokens.findOneBy({ tokenHash });
  }

  rotate(tokenHash: string, successor: Successor, now: Date): Promise<Rotation> {
    return this.tokens.manager.transaction(async (manager) => {
      const tokens = manager.getRepository(RefreshToken);
      const seen = await tokens.findOne({ where: { tokenHash }, select: { userId: true } });
      if (!seen) return { outcome: 'unknown' as const };
      await lockSessionsOf(manager, seen.userId);
      // Read again under the lock (READ COMMITTED: this statement sees every change committed before it,
      // e.g. the racing refresh that spent this token and inserted its successor).
      const stored = await tokens.findOneBy({ tokenHash });
      if (!stored) return { outcome: 'unknown' as const };
      if (stored.revokedAt) return { outcome: 'revoked' as const };
      if (stored.usedAt) {
        // docs/security.md: a spent token presented again means it leaked (or lost a race): the whole family ends.
        return { outcome: 'reused' as const, revokedFamilies: await revokeWhere(manager, { familyId: stored.familyId }, now) };
      }
      if (stored.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired' as const };
      await tokens.update({ id: stored.id }, { usedAt: now });
      await tokens.insert({ userId: stored.userId, familyId: stored.familyId, aal: stored.aal, ...successor });
      return { outcome: 'rotated' as const, spent: stored };
    });
  }

  revokeFamily(familyId: string, at: Date) {
    return this.tokens.manager.transaction(async (manager) => {
      const member = await manager.getRepository(RefreshToken).findOne({ where: { familyId }, select: { userId: true } });
      if (!member) return [];
      await lockSessionsOf(manager, member.userId);
      return revokeWhere(manager, { familyId }, at);
    });
  }

  revokeAllForUser(userId: string, at: Date, within?: EntityManager) {
    const revoke = async (manager: EntityManager) => {
      await lockSessionsOf(manager, userId);
      return revokeWhere(manager, { userId }, at);
    };
    return within ? revoke(within) : this.tokens.manager.transaction(revoke);
  }

  raiseFamily(userId: string, familyId: string) {
    return this.tokens.manager.transaction(async (manager) => {
      await lockSessionsOf(manager, userId);
      const result = await manager
        .getRepository(RefreshToken)
        .update({ userId, familyId, usedAt: IsNull(), revokedAt: IsNull() }, { aal: 'aal2' });
      return (result.affected ?? 0) > 0;
    });
  }

  revokeOtherFamilies(userId: string, keepFamilyId: string, at: Date) {
    return this.tokens.manager.transaction(async (manager) => {
      await lockSessionsOf(manager, userId);
      return revokeWhere(manager, { userId, exceptFamilyId: keepFamilyId }, at);
    });
  }
}

/**
 * Serialises every change to one user's refresh tokens (rotation, revocation, raising) for the rest of the
 * transaction by locking the user's row, always first. It is the same lock a status change takes
 * (UsersService.changeStatus, `FOR UPDATE`) and the one a token INSERT's foreign-key check needs (`FOR KEY
 * SHARE`), so everything that touches a user's sessions queues on ONE lock in one order and cannot deadlock
 * (an advisory lock here plus the row lock of a suspension was two locks taken in
 * opposite orders). `NO KEY UPDATE` still lets concurrent token INSERTs of other users' rows and key-share
 * checks pass. A revocation that waited for a rotation sees its successor: the statements after this one get
 * a fresh READ COMMITTED snapshot. A user row that is gone has no tokens left (ON DELETE CASCADE).
 */
async function lockSessionsOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.getRepository(User).createQueryBuilder('user').select('user.id').where('user.id = :userId', { userId }).setLock('for_no_key_update').getRawOne();
}

async function revokeWhere(
  manager: EntityManager,
  where: { familyId?: string; userId?: string; exceptFamilyId?: string },
  at: Date,
): Promise<string[]> {
  const update = manager
    .getRepository(RefreshToken)
    .createQueryBuilder()
    .update()
    .set({ revokedAt: at })
    .where('revoked_at IS NULL');
  if (where.familyId) update.andWhere('family_id = :familyId', { familyId: where.familyId });
  if (where.userId) update.andWhere('user_id = :userId', { userId: where.userId });
  if (where.exceptFamilyId) update.andWhere('family_id <> :exceptFamilyId', { exceptFamilyId: where.exceptFamilyId });
  // Property names: TypeORM silently drops names it cannot find among the entity's properties. The rows
  // come back under the column names.
  const result = await update.returning(['familyId', 'usedAt']).execute();
  return liveFamilies(result.raw as { family_id: string; used_at: Date | null }[]);
}
