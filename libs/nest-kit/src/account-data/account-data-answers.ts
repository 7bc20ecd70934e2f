import { Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
  AccountSubjectSchema,
  type AccountDeleteReply,
  type AccountExportReply,
  type AccountSubject,
  type ExportedRow,
} from '@payday/contracts';

const logger = new Logger('AccountData');

/**
 * A service's answer to auth's `<service>.account.export`: a malformed subject is a refusal; a failure (the
 * database down) is logged and answered with a bare RPC error carrying no internals, which auth reports as
 * 'try again' (an export is never answered partly).
 */
export async function answerAccountExport(
  service: string,
  payload: unknown,
  work: (subject: AccountSubject) => Promise<Record<string, ExportedRow[]>>,
): Promise<AccountExportReply> {
  const subject = AccountSubjectSchema.safeParse(payload);
  if (!subject.success) return { ok: false, message: 'userId must be an account id and email an address or null' };
  try {
    return { ok: true, tables: await work(subject.data) };
  } catch (error) {
    logger.error(`${service}.account.export failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new RpcException({ status: 'error', message: `The ${service} service could not export the account` });
  }
}

/** The same for `<service>.account.delete` (idempotent: auth asks again until every service answered ok). */
export async function answerAccountDelete(
  service: string,
  payload: unknown,
  work: (subject: AccountSubject) => Promise<Record<string, number>>,
): Promise<AccountDeleteReply> {
  const subject = AccountSubjectSchema.safeParse(payload);
  if (!subject.success) return { ok: false, message: 'userId must be an account id and email an address or null' };
  try {
    const removed = await work(subject.data);
    logger.log(`${service} forgot account ${subject.data.userId}: ${JSON.stringify(removed)}`);
    return { ok: true, removed };
  } catch (error) {
    logger.error(`${service}.account.delete failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new RpcException({ status: 'error', message: `The ${service} service could not delete the account` });
  }
}
