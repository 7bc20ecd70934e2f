import type { AccountSubject } from '@paycadence/contracts';
import type { UserOwnedTable } from '@paycadence/nest-kit';
import type { EntityManager } from 'typeorm';

/**
 * The audit log keeps an anonymised record of a deleted account ("Your data" in docs/architecture.md): every
 * entry stays (what happened and when, so the log of admin actions and sign-in failures
 * still adds up) but the columns naming the person, and the IP and browser of entries about them, are cleared.
 * The table's triggers allow exactly that and nothing more (migration 1796300000000). Entries are matched by the
 * account's id, and by its address only once the account confirmed it (`subject.email` is null until then): an
 * account made with somebody else's address must not erase what was recorded about that person.
 */
async function anonymiseAuditEntries(manager: EntityManager, subject: AccountSubject): Promise<number> {
  await manager.query(`SELECT set_config('paycadence.audit_erasure', 'on', true)`);
  const [, count] = (await manager.query(
    `UPDATE audit_log SET
        actor_id = CASE WHEN actor_id = $1::uuid OR lower(actor_email) = $2::text THEN NULL ELSE actor_id END,
        actor_email = CASE WHEN actor_id = $1::uuid OR lower(actor_email) = $2::text THEN NULL ELSE actor_email END,
        subject_id = CASE WHEN subject_id = $1::uuid OR lower(subject_email) = $2::text THEN NULL ELSE subject_id END,
        subject_email = CASE WHEN subject_id = $1::uuid OR lower(subject_email) = $2::text THEN NULL ELSE subject_email END,
        ip = NULL,
        user_agent = NULL
      WHERE actor_id = $1::uuid OR subject_id = $1::uuid OR lower(actor_email) = $2::text OR lower(subject_email) = $2::text`,
    [subject.userId, subject.email?.toLowerCase() ?? null],
  )) as [unknown, number];
  await manager.query(`SELECT set_config('paycadence.audit_erasure', 'off', true)`);
  return count ?? 0;
}

/** A new table with a user column must be added here: test/account-data.int-spec.ts fails until it is. */
export const ADMIN_USER_TABLES: readonly UserOwnedTable[] = [
  {
    table: 'audit_log',
    ownerColumns: { actor_id: 'id', subject_id: 'id', actor_email: 'email', subject_email: 'email' },
    erase: anonymiseAuditEntries,
  },
];
