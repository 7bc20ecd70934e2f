import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AdminWaitlistEntry } from '@payday/contracts';
import type { Repository } from 'typeorm';
import { WaitlistEntry } from './waitlist-entry.entity.js';

/** What the admin service may do with the waitlist (spec part 2 §2, §4: pending, approved, or removed). */
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

  /** Deletes one entry and answers it (the admin's audit log names whom it concerned); null when no entry has that id. */
  async remove(id: string): Promise<AdminWaitlistEntry | null> {
    const result = await this.entries.createQueryBuilder().delete().from(WaitlistEntry).where('id = :id', { id }).returning('*').execute();
    const row = (result.raw as RawEntry[])[0];
    return row
      ? { id: row.id, email: row.email, name: row.name, created_at: new Date(row.created_at).toISOString(), referral_source: row.referral_source }
      : null;
  }
}

/** A row as PostgreSQL's RETURNING gives it (column names, not the entity's). */
interface RawEntry {
  id: string;
  email: string;
  name: string | null;
  referral_source: string;
  created_at: Date | string;
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
