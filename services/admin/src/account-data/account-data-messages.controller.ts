import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { accountDataPattern, type AccountDeleteReply, type AccountExportReply, type AccountSubject, type ExportedRow } from '@paycadence/contracts';
import { answerAccountDelete, answerAccountExport, deleteUserRows, exportUserRows } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { ADMIN_USER_TABLES } from './admin-user-tables.js';

/**
 * The user's entries of the audit log as exported: their sign-ins, failures, 2FA changes and what admins did to
 * their account, found by the account's id only. An address is no proof of who typed it: entries recorded under
 * the address alone (a sign-in attempt or reset request before the account existed) may be somebody else's.
 * Everything naming another person goes: who the admin was is the admin's data, and the IP and browser of an entry
 * belong to whoever acted, so they stay only on the user's own actions.
 */
export function withoutOtherPeople(rows: ExportedRow[], subject: AccountSubject): ExportedRow[] {
  return rows.map((row) => {
    const mineAsActor = row.actor_id === subject.userId;
    const mineAsSubject = row.subject_id === subject.userId;
    return {
      ...row,
      actor_id: mineAsActor ? row.actor_id : null,
      actor_email: mineAsActor ? row.actor_email : row.actor_id || row.actor_email ? 'an administrator' : null,
      subject_id: mineAsSubject ? row.subject_id : null,
      subject_email: mineAsSubject ? row.subject_email : null,
      ip: mineAsActor ? row.ip : null,
      user_agent: mineAsActor ? row.user_agent : null,
    };
  });
}

/** Auth's export and deletion of an account over the Redis transport. */
@Controller()
export class AccountDataMessagesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(accountDataPattern('admin', 'export'))
  export(@Payload() payload: unknown): Promise<AccountExportReply> {
    return answerAccountExport('admin', payload, async (subject) => {
      const byAccountOnly = { ...subject, email: null };
      const { audit_log: entries = [] } = await exportUserRows(this.dataSource.manager, ADMIN_USER_TABLES, byAccountOnly);
      return { audit_log: withoutOtherPeople(entries, subject) };
    });
  }

  @MessagePattern(accountDataPattern('admin', 'delete'))
  delete(@Payload() payload: unknown): Promise<AccountDeleteReply> {
    return answerAccountDelete('admin', payload, (subject) =>
      this.dataSource.transaction((manager) => deleteUserRows(manager, ADMIN_USER_TABLES, subject)),
    );
  }
}
