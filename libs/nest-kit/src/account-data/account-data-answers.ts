import { Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
  AccountSubjectSchema,
  type AccountDeleteReply,
  type AccountExportReply,
  type AccountSubject,
  type ExportedRow,
} from '@paycadence/contracts';
import { withValidPayload } from '../transport/message-payload.js';

const logger = new Logger('AccountData');
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A service's answer to auth's `<service>.account.export`: a malformed subject gets the transport's one
 * refusal (withValidPayload); a failure (the database down) is logged and answered with a bare RPC error
 * carrying no internals, which auth reports as 'try again' (an export is never answered partly).
 */
export function answerAccountExport(
  service: string,
  payload: unknown,
  work: (subject: AccountSubject) => Promise<Record<string, ExportedRow[]>>,
): Promise<AccountExportReply> {
  return withValidPayload(AccountSubjectSchema, payload, async (subject) => {
    try {
      return { ok: true as const, tables: await work(subject) };
    } catch (error) {
      logger.error(`${service}.account.export failed: ${describe(error)}`);
      const message = `The ${service} service could not export the account`;
      throw new RpcException({ status: 'error', message });
    }
  });
}

/** The same for `<service>.account.delete` (idempotent: auth asks again until every service answered ok). */
export function answerAccountDelete(
  service: string,
  payload: unknown,
  work: (subject: AccountSubject) => Promise<Record<string, number>>,
): Promise<AccountDeleteReply> {
  return withValidPayload(AccountSubjectSchema, payload, async (subject) => {
    try {
      const removed = await work(subject);
      logger.log(`${service} forgot account ${subject.userId}: ${JSON.stringify(removed)}`);
      return { ok: true as const, removed };
    } catch (error) {
      logger.error(`${service}.account.delete failed: ${describe(error)}`);
      const message = `The ${service} service could not delete the account`;
      throw new RpcException({ status: 'error', message });
    }
  });
}
