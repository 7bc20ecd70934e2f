import { Inject, Injectable } from '@nestjs/common';
import { canManageHousehold, type Membership } from '@paycadence/contracts';
import { isRowId } from '@paycadence/nest-kit';
import { In, IsNull, type FindOptionsWhere, type Repository } from 'typeorm';
import { FinanceError, type FinanceErrorCode } from '../errors.js';
import { HouseholdItemsRelease } from './household-items-release.js';
import { HouseholdClient } from './household.client.js';

/** What a bill or income row needs for sharing: its owner (who added it) and its household (null: personal). */
export interface ShareableRow {
  id: string;
  userId: string;
  householdId: string | null;
}

/** The shared marker of a row as the API answers it (absent on personal rows). */
export interface SharedInfo {
  household_id: string;
  household_name: string;
  added_by: { id: string; name: string };
  can_edit: boolean;
}

/** Shown when whoever added a shared item is no longer among the household's members. */
export const FORMER_MEMBER_NAME = 'a former member';

/**
 * The rules of shared bills and income, in one place for both tables:
 * - a personal row (household_id null) is its owner's only;
 * - a shared row is visible to every current member of its household, and owners and partners may change it;
 * - membership is household's answer on this request (HouseholdClient), never the client's word.
 * When household does not answer, reads fall back to personal rows and writes touching shared rows answer 503.
 */
@Injectable()
export class HouseholdAccess {
  constructor(
    @Inject(HouseholdClient) private readonly households: HouseholdClient,
    @Inject(HouseholdItemsRelease) private readonly release: HouseholdItemsRelease,
  ) {}

  /**
   * The caller's households; null when household did not answer. When household answered just now (not a kept
   * answer), the safety net of HOUSEHOLD_EVENTS.deleted runs first (an event is lost while finance is down): the
   * caller's own items shared with a household they are not in are checked against household, and those of a
   * household that no longer exists come back to the caller. Deleting a household replaces its members'
   * membership versions, so their next request gets a fresh answer and this check; an answer is kept at most
   * MEMBERSHIPS_MAX_AGE_MS, which bounds the case where the event and the replacement were both lost.
   */
  async memberships(userId: string): Promise<Membership[] | null> {
    const answer = await this.households.membershipsOf(userId);
    if (answer?.fresh) await this.releaseItemsOfDeletedHouseholds(userId, answer.households);
    return answer?.households ?? null;
  }

  /** One indexed query per fresh answer; household is asked only when an item is shared elsewhere. */
  private async releaseItemsOfDeletedHouseholds(userId: string, memberships: readonly Membership[]): Promise<void> {
    const mine = new Set(memberships.map((m) => m.householdId));
    const elsewhere = (await this.release.householdsOfItemsAddedBy(userId)).filter((id) => !mine.has(id));
    if (elsewhere.length === 0) return;
    const existing = await this.households.existing(elsewhere);
    if (!existing) return;
    await this.release.releaseItemsOf(elsewhere.filter((id) => !existing.has(id)));
  }

  /** The caller's households, or 503 when household did not answer (a write that involves sharing). */
  async requireMemberships(userId: string): Promise<Membership[]> {
    const answer = await this.households.membershipsOf(userId);
    if (answer === null) throw new FinanceError('HOUSEHOLD_UNAVAILABLE');
    return answer.households;
  }

  /** Where-clause of the rows the caller sees: their personal rows and those of their households. */
  visibleWhere<T extends ShareableRow>(userId: string, memberships: readonly Membership[] | null): FindOptionsWhere<T>[] {
    const personal = { userId, householdId: IsNull() } as FindOptionsWhere<T>;
    const ids = (memberships ?? []).map((m) => m.householdId);
    return ids.length ? [personal, { householdId: In(ids) } as FindOptionsWhere<T>] : [personal];
  }

  /** The household the caller may put an item into (owner or partner), else 404 (not theirs) or 403 (member). */
  assertCanShareTo(memberships: readonly Membership[], householdId: string): Membership {
    const membership = memberships.find((m) => m.householdId === householdId);
    if (!membership) throw new FinanceError('HOUSEHOLD_NOT_FOUND');
    if (!canManageHousehold(membership.role)) throw new FinanceError('SHARED_ITEM_READ_ONLY');
    return membership;
  }

  /**
   * The row the caller may change or delete, with their memberships when it is shared (asked only then, so a
   * personal row is edited while household is down). Not theirs to see: 404 `notFound`; a member's: 403.
   */
  async findEditable<T extends ShareableRow>(
    repository: Repository<T>,
    userId: string,
    id: string,
    notFound: FinanceErrorCode,
  ): Promise<{ row: T; memberships: Membership[] | null }> {
    const row = isRowId(id) ? await repository.findOneBy({ id } as FindOptionsWhere<T>) : null;
    if (!row) throw new FinanceError(notFound);
    if (row.householdId === null) {
      if (row.userId !== userId) throw new FinanceError(notFound);
      return { row, memberships: null };
    }
    const memberships = await this.requireMemberships(userId);
    const membership = memberships.find((m) => m.householdId === row.householdId);
    // A stranger learns nothing about the row: the same answer as a missing one.
    if (!membership) throw new FinanceError(notFound);
    if (!canManageHousehold(membership.role)) throw new FinanceError('SHARED_ITEM_READ_ONLY');
    return { row, memberships };
  }

  /**
   * Applies a `household_id` change the caller asked for: sharing needs owner/partner in the target household;
   * unsharing was already allowed by findEditable (owner/partner of the current one) and gives the row back to
   * whoever added it. Moving a shared row to another household is for its adder only (403 otherwise): a partner
   * must not show someone else's item to people they never shared with. The row keeps who added it.
   */
  async applyHouseholdChange<T extends ShareableRow>(
    row: T,
    userId: string,
    requested: string | null | undefined,
    memberships: Membership[] | null,
  ): Promise<Membership[] | null> {
    if (requested === undefined || requested === row.householdId) return memberships;
    if (requested !== null) {
      if (row.householdId !== null && row.userId !== userId) throw new FinanceError('ONLY_ADDER_MOVES_ITEM');
      const known = memberships ?? (await this.requireMemberships(userId));
      this.assertCanShareTo(known, requested);
      memberships = known;
    }
    row.householdId = requested;
    return memberships;
  }

  /** The shared marker of a row for this viewer, or undefined for a personal row (or an unknown household). */
  sharedInfo(row: Pick<ShareableRow, 'userId' | 'householdId'>, memberships: readonly Membership[] | null): SharedInfo | undefined {
    return sharedInfoOf(row, memberships);
  }
}

/** See HouseholdAccess.sharedInfo (a function so mappers and tests need no service). */
export function sharedInfoOf(row: Pick<ShareableRow, 'userId' | 'householdId'>, memberships: readonly Membership[] | null): SharedInfo | undefined {
  if (row.householdId === null) return undefined;
  const membership = memberships?.find((m) => m.householdId === row.householdId);
  if (!membership) return undefined;
  const adder = membership.members.find((member) => member.id === row.userId);
  return {
    household_id: membership.householdId,
    household_name: membership.name,
    added_by: { id: row.userId, name: adder?.name ?? FORMER_MEMBER_NAME },
    can_edit: canManageHousehold(membership.role),
  };
}
