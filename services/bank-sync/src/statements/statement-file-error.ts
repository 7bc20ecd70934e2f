import { DomainError } from '@paycadence/nest-kit';

/**
 * A statement file refused, with words that say where and why (STATEMENT_MESSAGES). 400 for a file that cannot be
 * read or imported as it is, 413 for one over the size limit, 415 for one that is no statement at all. Nothing is
 * stored when one is thrown.
 */
export class StatementFileError extends DomainError {
  constructor(message: string, status: 400 | 404 | 413 | 415 = 400, field = 'file') {
    super(status === 404 ? 'NOT_FOUND' : 'STATEMENT_FILE_INVALID', status, message, { [field]: message });
  }
}
