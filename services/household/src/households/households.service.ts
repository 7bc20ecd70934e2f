import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  canManageHousehold,
  memberDisplayName,
  type DirectoryUser,
  type Household as HouseholdView,
  type HouseholdMember as HouseholdMemberView,
  type HouseholdRole,
  type Membership,
} from '@paycadence/contracts';
import { CLOCK, isRowId, type Clock } from '@paycadence/nest-kit';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AuthDirectoryClient } from '../directory/auth-directory.client.js';
import { HouseholdError } from '../errors.js';
import { HouseholdEventsPublisher } from '../events/household-events.publisher.js';
import { MembershipVersions } from '../memberships/membership-versions.js';
import { HouseholdMember } from './household-member.entity.js';
import { Household } from './household.entity.js';
import { byRoleThenName, keepsAnOwner } from './member-order.js';

/** How long finance's membership question waits for members' names from auth (finance itself waits 2 s). */
const MEMBERSHIP_NAMES_TIMEOUT_MS = 1000;

/** What finance shows for a member whose name auth could not tell (or an account that no longer exists). */
export const NEUTRAL_MEMBER_NAME = 'Household member';

const nameOf = (user: DirectoryUser | undefined) => (user ? memberDisplayName(user) : NEUTRAL_MEMBER_NAME);

/**
 * Households and their members (docs/product/signed-in.md §2, §3, §7). Every question about a household starts from the
 * caller's membership: a non-member, like an unknown or malformed id, gets 404 NOT_FOUND (never a 403 that
 * would tell the household exists). Changes that must keep an owner run under a row lock of the household.
 */
@Injectable()
export class HouseholdsService {
  private readonly logger = new Logger('Households');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AuthDirectoryClient) private readonly directory: AuthDirectoryClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(HouseholdEventsPublisher) private readonly events: HouseholdEventsPublisher,
    @Inject(MembershipVersions) private readonly versions: MembershipVersions,
  ) {}

  /** The creator becomes its owner. */
  async create(userId: string, name: string): Promise<HouseholdView> {
    const created = await this.dataSource.transaction(async (manager) => {
      const household = await manager.getRepository(Household).save(manager.getRepository(Household).create({ name }));
      await manager.getRepository(HouseholdMember).insert({ householdId: household.id, userId, role: 'owner', joinedAt: this.clock.now() });
      return { id: household.id, name: household.name, my_role: 'owner' as const };
    });
    await this.versions.replace([userId]);
    return created;
  }

  /** The caller's households with the caller's role, oldest first. */
  async myHouseholds(userId: string): Promise<HouseholdView[]> {
    const rows = await this.dataSource
      .getRepository(HouseholdMember)
      .createQueryBuilder('member')
      .innerJoin(Household, 'household', 'household.id = member.household_id')
      .select(['household.id AS id', 'household.name AS name', 'member.role AS my_role'])
      .where('member.user_id = :userId', { userId })
      .orderBy('household.created_at', 'ASC')
      .addOrderBy('household.id', 'ASC')
      .getRawMany<HouseholdView>();
    return rows.map(({ id, name, my_role }) => ({ id, name, my_role }));
  }

  /** The caller's membership of a household, or 404 NOT_FOUND. */
  async membershipOf(userId: string, householdId: string, manager: EntityManager = this.dataSource.manager): Promise<HouseholdMember> {
    const membership = isRowId(householdId) ? await manager.getRepository(HouseholdMember).findOneBy({ householdId, userId }) : null;
    if (!membership) throw new HouseholdError('NOT_FOUND');
    return membership;
  }

  async household(householdId: string, manager: EntityManager = this.dataSource.manager): Promise<Household> {
    const household = await manager.getRepository(Household).findOneBy({ id: householdId });
    if (!household) throw new HouseholdError('NOT_FOUND');
    return household;
  }

  /** Every membership row of a household. */
  rowsOf(householdId: string, manager: EntityManager = this.dataSource.manager): Promise<HouseholdMember[]> {
    return manager.getRepository(HouseholdMember).find({ where: { householdId }, order: { joinedAt: 'ASC' } });
  }

  /** Members with names and e-mails from auth's directory (503 when auth does not answer), in role order. */
  async members(userId: string, householdId: string): Promise<HouseholdMemberView[]> {
    await this.membershipOf(userId, householdId);
    const rows = await this.rowsOf(householdId);
    const users = await this.directory.usersByIds(rows.map((row) => row.userId));
    return rows
      .map((row) => {
        const user = users.get(row.userId);
        return { id: row.userId, name: nameOf(user), email: user?.email ?? '', role: row.role };
      })
      .sort(byRoleThenName);
  }

  /**
   * The caller leaves. The last owner may not leave while others remain (409 LAST_OWNER: hand ownership over
   * first); an owner alone deletes the household (its invitations go with it) and, once that committed, finance
   * is told so the household's shared items go back to whoever added them. Decided on the member rows read
   * under the household lock (never on a role read before it, which a concurrent role change may have changed).
   */
  async leave(userId: string, householdId: string): Promise<{ success: true; household_deleted: boolean }> {
    const { answer, memberIds } = await this.dataSource.transaction(async (manager) => {
      const rows = await this.lockedRowsFor(userId, householdId, manager);
      const memberIds = rows.map((row) => row.userId);
      if (rows.length === 1) {
        await manager.getRepository(Household).delete({ id: householdId });
        return { answer: { success: true as const, household_deleted: true }, memberIds };
      }
      // The invariant is "an owner remains", whatever the caller's role.
      const remainingRoles = rows.filter((row) => row.userId !== userId).map((row) => row.role);
      if (!keepsAnOwner(remainingRoles)) throw new HouseholdError('LAST_OWNER');
      await manager.getRepository(HouseholdMember).delete({ householdId, userId });
      return { answer: { success: true as const, household_deleted: false }, memberIds };
    });
    // Everyone who was in it: the leaver loses the household, the others a member.
    await this.versions.replace(memberIds);
    if (answer.household_deleted) this.events.deleted(householdId);
    return answer;
  }

  /** Owners set a member's role (hand ownership over); never zero owners. Answers the member list. */
  async setRole(userId: string, householdId: string, targetId: string, role: HouseholdRole): Promise<HouseholdMemberView[]> {
    const memberIds = await this.dataSource.transaction(async (manager) => {
      const rows = await this.lockedRowsFor(userId, householdId, manager);
      if (rows.find((row) => row.userId === userId)?.role !== 'owner') throw new HouseholdError('ONLY_OWNERS_CHANGE_ROLES');
      if (!isRowId(targetId) || !rows.some((row) => row.userId === targetId)) throw new HouseholdError('MEMBER_NOT_FOUND');
      const rolesAfter = rows.map((row) => (row.userId === targetId ? role : row.role));
      if (!keepsAnOwner(rolesAfter)) throw new HouseholdError('LAST_OWNER_ROLE');
      await manager.getRepository(HouseholdMember).update({ householdId, userId: targetId }, { role });
      return rows.map((row) => row.userId);
    });
    // Every member's answer lists the members' roles, not only the target's.
    await this.versions.replace(memberIds);
    return this.members(userId, householdId);
  }

  /**
   * The household's member rows read under its lock, for a change of members: 404 NOT_FOUND when the caller is
   * not (or no longer) among them, like an unknown household.
   */
  private async lockedRowsFor(userId: string, householdId: string, manager: EntityManager): Promise<HouseholdMember[]> {
    // Membership first: a stranger must not take (or wait on) the lock of someone else's household.
    await this.membershipOf(userId, householdId, manager);
    await this.lockHousehold(householdId, manager);
    const rows = await this.rowsOf(householdId, manager);
    if (!rows.some((row) => row.userId === userId)) throw new HouseholdError('NOT_FOUND');
    return rows;
  }

  /**
   * For finance (HOUSEHOLD_PATTERNS.membershipsOf): the user's households with their members. Names come from
   * auth's directory; when auth does not answer they fall back to a neutral name rather than failing.
   */
  async membershipsOf(userId: string): Promise<Membership[]> {
    const mine = await this.myHouseholds(userId);
    if (mine.length === 0) return [];
    const ids = mine.map((household) => household.id);
    const rows = await this.dataSource
      .getRepository(HouseholdMember)
      .createQueryBuilder('member')
      .where('member.household_id IN (:...ids)', { ids })
      .orderBy('member.joined_at', 'ASC')
      .getMany();
    // Finance waits 2 s for this answer (its household client): names get at most half of that, then the
    // neutral fallback, so a slow auth never costs a member the household's shared items.
    const users = await this.directory.usersByIds(rows.map((row) => row.userId), MEMBERSHIP_NAMES_TIMEOUT_MS).catch((error: unknown) => {
      this.logger.warn(`member names unavailable for finance: ${error instanceof Error ? error.message : String(error)}`);
      return new Map<string, DirectoryUser>();
    });
    return mine.map((household) => ({
      householdId: household.id,
      name: household.name,
      role: household.my_role as HouseholdRole,
      members: rows
        .filter((row) => row.householdId === household.id)
        .map((row) => ({ id: row.userId, name: nameOf(users.get(row.userId)), role: row.role }))
        .sort(byRoleThenName),
    }));
  }

  /** Which of these households still exist (for finance, whose `household.deleted` event may have been lost). */
  async existing(householdIds: readonly string[]): Promise<string[]> {
    if (householdIds.length === 0) return [];
    const found = await this.dataSource.getRepository(Household).find({ select: { id: true }, where: { id: In([...householdIds]) } });
    return found.map((household) => household.id);
  }

  /** Whether the caller may invite into (and edit the shared items of) this household. */
  canManage(membership: HouseholdMember): boolean {
    return canManageHousehold(membership.role);
  }

  /** Serialises changes to one household's members (leave, role changes, invitations). */
  async lockHousehold(householdId: string, manager: EntityManager): Promise<Household> {
    const household = await manager.getRepository(Household).findOne({ where: { id: householdId }, lock: { mode: 'pessimistic_write' } });
    if (!household) throw new HouseholdError('NOT_FOUND');
    return household;
  }
}
