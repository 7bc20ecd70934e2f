import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { decodeListCursor, encodeListCursor, type AdminListQuery, type AdminUsersResponse } from '@paycadence/contracts';
import { countOrEstimate, searchPrefix } from '@paycadence/nest-kit';
import type { EntityManager, Repository } from 'typeorm';
import { User } from '../users/user.entity.js';
import type { AdminListedColumns } from './admin-listed-user.js';
import { toAdminListedUser } from './admin-listed-user.js';

// Each condition is written exactly as an index of 1796600000000-add-admin-list-indexes.ts is, so the planner
// answers it from that index (a BitmapOr of the three).
export const SEARCH_CONDITION = `(email LIKE $1 OR lower(last_name) LIKE $1 OR lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) LIKE $1)`;

/** The sort key a cursor keeps: the creation instant to the microsecond (as stored), or the unique address. */
const SORT_KEYS = {
  created: { order: 'created_at', key: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` },
  email: { order: 'email', key: 'email' },
} as const;

type Row = AdminListedColumns & { cursorKey: string; hasSecurityKey: boolean };

/**
 * docs/product/signed-in.md §2: the admin's list of accounts, one keyset page at a time. A page starts after
 * (or before) the row its cursor names and walks the sort's index from there, so page 20,000 costs what page 1
 * does; an OFFSET would read and drop every row before it. Ties in the creation date are broken by id (the
 * index is on both); e-mail addresses are unique, so they need none.
 */
@Injectable()
export class AdminUserList {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async page(query: AdminListQuery): Promise<AdminUsersResponse> {
    const search = query.search ? searchPrefix(query.search) : null;
    const searchWhere = search ? `WHERE ${SEARCH_CONDITION}` : '';
    const searchParams = search ? [search] : [];
    // One snapshot for the rows and the counts: an account added or removed meanwhile is in both or in neither.
    const [rows, registered, admins, matching] = await this.users.manager.transaction('REPEATABLE READ', async (db) => [
      await this.rows(db, query, search),
      await countOrEstimate(db, 'users', []),
      (await db.query(`SELECT count(*)::int AS count FROM users WHERE role = 'admin'`)) as Array<{ count: number }>,
      search ? await countOrEstimate(db, `users ${searchWhere}`, searchParams) : null,
    ] as const);
    const total = matching ?? registered;
    return {
      users: rows.users.map((row) => toAdminListedUser(row, row.hasSecurityKey)),
      total: total.count,
      totalEstimated: total.estimated,
      nextCursor: rows.next,
      prevCursor: rows.prev,
      counters: { registered: registered.count, admins: admins[0]?.count ?? 0, estimated: registered.estimated },
    };
  }

  private async rows(db: EntityManager, query: AdminListQuery, search: string | null) {
    const { order, key } = SORT_KEYS[query.sort];
    const backwards = query.before !== undefined;
    const cursor = decodeListCursor(query.after ?? query.before ?? '');
    // Walking backwards (the page before a cursor) reads the sort reversed from the cursor, then flips the page.
    const descending = (query.direction === 'desc') !== backwards;
    const params: unknown[] = search ? [search] : [];
    const where: string[] = search ? [SEARCH_CONDITION] : [];
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
      `SELECT id, email, first_name AS "firstName", last_name AS "lastName", role, status,
              created_at AS "createdAt", last_sign_in_at AS "lastSignInAt", ${key} AS "cursorKey",
              EXISTS (SELECT 1 FROM security_keys k WHERE k.user_id = users.id) AS "hasSecurityKey"
         FROM users ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
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
    return { users: page, next: hasNext ? cursorOf(page.at(-1)) : null, prev: hasPrev ? cursorOf(page[0]) : null };
  }
}
