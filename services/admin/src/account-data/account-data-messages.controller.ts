import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { accountDataPattern, type AccountDeleteReply, type AccountExportReply, type AccountSubject, type ExportedRow } from '@payday/contracts';
import { answerAccountDelete, answerAccountExport, deleteUserRows, exportUserRows } from '@payday/nest-kit';
import type { DataSource } from 'typeorm';
import { ADMIN_USER_TABLES } from './admin-user-tables.js';

/**
 * The user's entries of the audit log as exported: their sign-ins, failures, 2FA changes and what admins did to
 * their account. Who the admin was is the admin's data, not the user's: an entry by someone else says only that.
 */
function withoutOtherPeople(rows: ExportedRow[], subject: AccountSubject): ExportedRow[] {
  const isSubject = (id: unknown, email: unknown) => id === subject.userId || (typeof email === 'string' && email.toLowerCase() === subject.email);
  return rows.map((row) => {
    const mineAsActor = isSubject(row.actor_id, row.actor_email);
    const mineAsSubject = isSubject(row.subject_id, row.subject_email);
    return {
      ...row,
      actor_id: mineAsActor ? row.actor_id : null,
      actor_email: mineAsActor ? row.actor_email : row.actor_id || row.actor_email ? 'an administrator' : null,
      subject_id: mineAsSubject ? row.subject_id : null,
      subject_email: mineAsSubject ? row.subject_email : null,
    };
  });
}

/** Auth's export and deletion of an account (issue 14 item 6) over the Redis transport. */
@Controller()
export class AccountDataMessagesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(accountDataPattern('admin', 'export'))
  export(@Payload() payload: unknown): Promise<AccountExportReply> {
    return answerAccountExport('admin', payload, async (subject) => {
      const { audit_log: entries = [] } = await exportUserRows(this.dataSource.manager, ADMIN_USER_TABLES, subject);
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
