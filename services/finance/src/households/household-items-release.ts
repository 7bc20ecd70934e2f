import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Bill } from '../bills/bill.entity.js';
import { IncomeSource } from '../income/income-source.entity.js';

/**
 * A deleted household's shared bills and income go back to whoever added them (household_id NULL): otherwise
 * nobody could see them (there are no members left) while they still count against their adder's limits.
 * The data-version triggers bump the adder's and the household's versions, so no cached dashboard stays stale.
 */
@Injectable()
export class HouseholdItemsRelease {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The households the user's own bills and income are shared with (to spot one that no longer exists). */
  async householdsOfItemsAddedBy(userId: string): Promise<string[]> {
    const ids = new Set<string>();
    for (const entity of [Bill, IncomeSource]) {
      const rows = await this.dataSource
        .getRepository(entity)
        .createQueryBuilder('item')
        .select('DISTINCT item.household_id', 'householdId')
        .where('item.user_id = :userId AND item.household_id IS NOT NULL', { userId })
        .getRawMany<{ householdId: string }>();
      for (const row of rows) ids.add(row.householdId);
    }
    return [...ids];
  }

  /** How many rows went back to their adders. */
  async releaseItemsOf(householdIds: readonly string[]): Promise<number> {
    if (householdIds.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      let released = 0;
      for (const entity of [Bill, IncomeSource]) {
        const result = await manager
          .createQueryBuilder()
          .update(entity)
          .set({ householdId: null })
          .where('household_id IN (:...householdIds)', { householdIds })
          .execute();
        released += result.affected ?? 0;
      }
      return released;
    });
  }
}
