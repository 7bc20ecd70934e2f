/** Plaid error codes worth retrying later (with backoff); everything else needs a person or a new link. */
const RETRYABLE_CODES = new Set(['INTERNAL_SERVER_ERROR', 'PLANNED_MAINTENANCE', 'INSTITUTION_DOWN', 'INSTITUTION_NOT_RESPONDING', 'PRODUCT_NOT_READY', 'NETWORK_ERROR']);
/** Plaid error types that are always worth a retry (429 rate limits of every kind, Plaid's own 500s). */
const RETRYABLE_TYPES = new Set(['RATE_LIMIT_EXCEEDED', 'API_ERROR']);

/**
 * A failed Plaid call: Plaid's `error_code` (or NETWORK_ERROR when no answer came), the HTTP status (0 without
 * one) and whether a later retry may succeed. The message carries Plaid's error message, never a token.
 */
export class PlaidCallError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly retryable: boolean,
    readonly plaidMessage: string,
    readonly requestId: string | null = null,
    /** Plaid's error_type (RATE_LIMIT_EXCEEDED, API_ERROR, ITEM_ERROR...). */
    readonly type: string | null = null,
  ) {
    super(`Plaid ${code} (${status || 'no answer'}): ${plaidMessage}`);
    this.name = 'PlaidCallError';
  }
}

interface AxiosLikeError {
  isAxiosError?: boolean;
  code?: string;
  message?: string;
  response?: { status?: number; data?: unknown };
}

/** Maps what the `plaid` client throws (an axios error whose body is Plaid's error object) to PlaidCallError. */
export function toPlaidCallError(error: unknown): PlaidCallError {
  if (error instanceof PlaidCallError) return error;
  const failure = (error ?? {}) as AxiosLikeError;
  const status = failure.response?.status ?? 0;
  const body = (failure.response?.data ?? null) as { error_type?: unknown; error_code?: unknown; error_message?: unknown; request_id?: unknown } | null;
  if (!failure.response) {
    // No answer (refused, reset, timed out): worth another try.
    return new PlaidCallError('NETWORK_ERROR', 0, true, failure.code ?? 'no response');
  }
  const code = typeof body?.error_code === 'string' ? body.error_code : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'UNKNOWN_ERROR';
  const type = typeof body?.error_type === 'string' ? body.error_type : null;
  const message = typeof body?.error_message === 'string' ? body.error_message.slice(0, 300) : `HTTP ${status}`;
  const requestId = typeof body?.request_id === 'string' ? body.request_id : null;
  const retryable = RETRYABLE_CODES.has(code) || (type !== null && RETRYABLE_TYPES.has(type)) || status === 429 || status >= 500;
  return new PlaidCallError(code, status, retryable, message, requestId, type);
}
