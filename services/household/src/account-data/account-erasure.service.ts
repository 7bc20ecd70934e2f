import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountSubject, ExportedRow } from '@paycadence/contracts';
import { deleteUserRows, exportUserRows } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { HouseholdEventsPublisher } from '../events/household-events.publisher.js';
import { MembershipVersions } from '../memberships/membership-versions.js';
import { HOUSEHOLD_USER_TABLES } from './household-user-tables.js';
import { successorOf, type MemberRow } from './successor.js';

/**
 * A deleted account's households. Export: the households the user is in (name, when made)
 * with the user's own membership and invitations, never the other members' ids. Deletion: every household is
 * handed over (a partner first, else the member who joined first) or, when the user is its only member,
 * deleted with its invitations; then the user's membership and invitation rows go. One transaction, each
 * household locked (in id order, so two deletions never deadlock); idempotent (a second run finds nothing).
 */
@Injectable()
export class AccountErasureService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MembershipVersions) private readonly versions: MembershipVersions,
    @Inject(HouseholdEventsPublisher) private readonly events: HouseholdEventsPublisher,
  ) {}

  async export(subject: AccountSubject): Promise<Record<string, ExportedRow[]>> {
    const manager = this.dataSource.manager;
    const households = (await manager.query(
      `SELECT h.id, h.name, h.created_at FROM households h JOIN household_members m ON m.household_id = h.id
        WHERE m.user_id = $1 ORDER BY h.created_at, h.id`,
      [subject.userId],
    )) as { id: string; name: string; created_at: Date }[];
    const own = await exportUserRows(manager, HOUSEHOLD_USER_TABLES, subject);
    // An invitation sent to the user names who sent it: that is the sender's, not the user's, to hand out.
    const invitations = (own.household_invitations ?? []).map((row) => ({
      ...row,
      invited_by: row.invited_by === subject.userId ? row.invited_by : null,
      accepted_by: row.accepted_by === subject.userId ? row.accepted_by : null,
    }));
    return {
      households: households.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
      ...own,
      household_invitations: invitations,
    };
  }

  async erase(subject: AccountSubject): Promise<Record<string, number>> {
    const { removed, touchedMembers, deletedHouseholds } = await this.dataSource.transaction(async (manager) => {
      const mine = (await manager.query(`SELECT household_id FROM household_members WHERE user_id = $1 ORDER BY household_id`, [
        subject.userId,
      ])) as { household_id: string }[];
      const touchedMembers = new Set<string>([subject.userId]);
      const deletedHouseholds: string[] = [];
      let handedOver = 0;
      for (const { household_id: householdId } of mine) {
        await manager.query(`SELECT id FROM households WHERE id = $1 FOR UPDATE`, [householdId]);
        const rows = ((await manager.query(`SELECT user_id, role, joined_at FROM household_members WHERE household_id = $1`, [householdId])) as {
          user_id: string;
          role: MemberRow['role'];
          joined_at: Date;
        }[]).map((row) => ({ userId: row.user_id, role: row.role, joinedAt: row.joined_at }));
        rows.forEach((row) => touchedMembers.add(row.userId));
        if (rows.every((row) => row.userId === subject.userId)) {
          await manager.query(`DELETE FROM households WHERE id = $1`, [householdId]);
          deletedHouseholds.push(householdId);
          continue;
        }
        const successor = successorOf(subject.userId, rows);
        if (successor) {
          await manager.query(`UPDATE household_members SET role = 'owner' WHERE household_id = $1 AND user_id = $2`, [householdId, successor]);
          handedOver += 1;
        }
      }
      const removed = await deleteUserRows(manager, HOUSEHOLD_USER_TABLES, subject);
      return { removed: { ...removed, households: deletedHouseholds.length, handed_over: handedOver }, touchedMembers, deletedHouseholds };
    });
    // After the commit, as every membership change does: the others' next request sees the new members.
    await this.versions.replace(touchedMembers);
    for (const householdId of deletedHouseholds) this.events.deleted(householdId);
    return removed;
  }
}
