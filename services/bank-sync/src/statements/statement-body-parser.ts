import type { IncomingMessage } from 'node:http';
import { BANK_SYNC_ENDPOINTS, STATEMENT_LIMITS, STATEMENT_MESSAGES } from '@paycadence/contracts';
import { readLimitedBody } from '@paycadence/nest-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StatementFileError } from './statement-file-error.js';

const UPLOAD = BANK_SYNC_ENDPOINTS.uploadStatement;

export const isUploadRequest = (request: FastifyRequest) => request.method === UPLOAD.method && request.routeOptions.url === UPLOAD.path;

/**
 * Raw file bodies (`application/octet-stream`) for the statement upload only, up to STATEMENT_LIMITS.maxBytes with
 * the statement's own 413 words; the service's JSON limit stays small for every other route, which answers such a
 * body 415 unread. The route's AuthGuard runs before the body is read (statements.module.ts): nobody without a valid
 * session makes the service take in 5 MB.
 */
export function registerStatementBodyParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    'application/octet-stream',
    { bodyLimit: STATEMENT_LIMITS.maxBytes },
    async (request: FastifyRequest, payload: IncomingMessage) => {
      if (!isUploadRequest(request)) {
        throw Object.assign(new Error('Unsupported content type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
      }
      return readLimitedBody(payload, Number(request.headers['content-length'] ?? 0), STATEMENT_LIMITS.maxBytes, () => new StatementFileError(STATEMENT_MESSAGES.tooLarge, 413));
    },
  );
}
