import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { decodeListCursor, encodeListCursor, type AdminListQuery, type AdminWaitlistEntry, type WaitlistListReply } from '@paycadence/contracts';
import { countOrEstimate, searchPrefix } from '@paycadence/nest-kit';
import type { EntityManager, Repository } from 'typeorm';
import { WaitlistEntry } from './waitlist-entry.entity.js';

const PENDING = `status = 'pending'`;
// Each condition is written exactly as an index of 1796600000000-add-admin-list-indexes.ts is, so the planner
// answers it from those indexes: the address, the name, or the name after its first word (the last name, as an
// approval splits it) starts with the text.
export const SEARCH_CONDITION = `(email LIKE $1 OR lower(name) LIKE $1 OR lower(substring(name FROM '\\s(.*)$')) LIKE $1)`;

/** The sort key a cursor keeps: the joining instant to the microsecond (as stored), or the unique address. */
const SORT_KEYS = {
  created: { order: 'created_at', key: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` },
  email: { order: 'email', key: 'email' },
} as const;

interface Row {
  id: string;
  email: string;
  name: string | null;
  createdAt: Date;
  referralSource: string;
  cursorKey: string;
}

/** What the admin service may do with the waitlist (docs/product/signed-in.md §2, §4: pending, approved, or removed). */
@Injectable()
export class WaitlistAdminService {
  constructor(@InjectRepository(WaitlistEntry) private readonly entries: Repository<WaitlistEntry>) {}

  /**
   * One keyset page of pending entries (the admin's Waitlist tab), the rows matching the search and the
   * Waitlist Users counter. A page starts after (or before) the row its cursor names and walks the sort's
   * index from there, so a deep page costs what the first does (an OFFSET would read and drop every row
   * before it). Ties in the joining date are broken by id; addresses are unique.
   */
  async page(query: AdminListQuery): Promise<Extract<WaitlistListReply, { ok: true }>> {
    const search = query.search ? searchPrefix(query.search) : null;
    // One snapshot for the rows and the counts: an entry approved while the page is read is in both or in neither
    // (never a row on a page that says 0 entries).
    const [rows, waitlist, matching] = await this.entries.manager.transaction('REPEATABLE READ', async (db) => [
      await this.rows(db, query, search),
      await countOrEstimate(db, `waitlist_entries WHERE ${PENDING}`, []),
      search ? await countOrEstimate(db, `waitlist_entries WHERE ${PENDING} AND ${SEARCH_CONDITION}`, [search]) : null,
    ] as const);
    const total = matching ?? waitlist;
    return {
      ok: true,
      entries: rows.entries.map((row) => toAdminEntry(row)),
      total: total.count,
      totalEstimated: total.estimated,
      nextCursor: rows.next,
      prevCursor: rows.prev,
      counters: { waitlist: waitlist.count, estimated: waitlist.estimated },
    };
  }

  private async rows(db: EntityManager, query: AdminListQuery, search: string | null) {
    const { order, key } = SORT_KEYS[query.sort];
    const backwards = query.before !== undefined;
    const cursor = decodeListCursor(query.after ?? query.before ?? '');
    // Walking backwards (the page before a cursor) reads the sort reversed from the cursor, then flips the page.
    const descending = (query.direction === 'desc') !== backwards;
    const params: unknown[] = search ? [search] : [];
    const where: string[] = [PENDING, ...(search ? [SEARCH_CONDITION] : [])];
    if (cursor) {
      const beyond = descending ? '<' : '>';
      if (query.sort === 'created') {
        params.push(cursor.key, cursor.id);
        where.push(`(created_at, id) ${beyond} ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
      } else {
        params.push(cursor.key);
        where.push(`email ${beyond} $${params.length}`);
      }
    }
    const way = descending ? 'DESC' : 'ASC';
    params.push(query.limit + 1);
    const found: Row[] = await db.query(
      `SELECT id, email, name, created_at AS "createdAt", referral_source AS "referralSource", ${key} AS "cursorKey"
         FROM waitlist_entries WHERE ${where.join(' AND ')}
        ORDER BY ${order} ${way}${query.sort === 'created' ? `, id ${way}` : ''}
        LIMIT $${params.length}`,
      params,
    );
    // One row more than the page says whether the walk goes on past it.
    const more = found.length > query.limit;
    const page = found.slice(0, query.limit);
    if (backwards) page.reverse();
    const cursorOf = (row: Row | undefined) =>
      row ? encodeListCursor({ sort: query.sort, direction: query.direction, key: row.cursorKey, id: row.id }) : null;
    const hasNext = backwards ? true : more;
    const hasPrev = backwards ? more : cursor !== null;
    return { entries: page, next: hasNext ? cursorOf(page.at(-1)) : null, prev: hasPrev ? cursorOf(page[0]) : null };
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

export function toAdminEntry(row: Pick<WaitlistEntry, 'id' | 'email' | 'name' | 'createdAt' | 'referralSource'>): AdminWaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    referral_source: row.referralSource,
  };
}
