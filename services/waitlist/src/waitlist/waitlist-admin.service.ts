import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AdminWaitlistEntry } from '@paycadence/contracts';
import type { Repository } from 'typeorm';
import { WaitlistEntry } from './waitlist-entry.entity.js';

/** What the admin service may do with the waitlist (docs/product/signed-in.md §2, §4: pending, approved, or removed). */
@Injectable()
export class WaitlistAdminService {
  constructor(@InjectRepository(WaitlistEntry) private readonly entries: Repository<WaitlistEntry>) {}

  /** Every pending entry, newest first (the admin's Waitlist tab). */
  async listPending(): Promise<AdminWaitlistEntry[]> {
    const rows = await this.entries.find({ where: { status: 'pending' }, order: { createdAt: 'DESC', id: 'ASC' } });
    return rows.map(toAdminEntry);
  }

  /** The pending entry of one address (stored trimmed and lower-cased, so the lookup normalises too), or null. */
  async findByEmail(email: string): Promise<AdminWaitlistEntry | null> {
    const row = await this.entries.findOneBy({ email: email.trim().toLowerCase(), status: 'pending' });
    return row ? toAdminEntry(row) : null;
  }

  /**
   * Deletes one pending entry and answers it (the admin's audit log names whom it concerned); null when no
   * pending entry has that id (as list and findByEmail, the admin sees only pending entries). The row is
   * locked while it is read and deleted, so two removals of one entry answer it once.
   */
  async remove(id: string): Promise<AdminWaitlistEntry | null> {
    return this.entries.manager.transaction(async (manager) => {
      const row = await manager.findOne(WaitlistEntry, { where: { id, status: 'pending' }, lock: { mode: 'pessimistic_write' } });
      if (!row) return null;
      await manager.delete(WaitlistEntry, { id: row.id });
      return toAdminEntry(row);
    });
  }
}

export function toAdminEntry(row: WaitlistEntry): AdminWaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    referral_source: row.referralSource,
  };
}
