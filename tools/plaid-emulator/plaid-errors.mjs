/** Plaid's error object, with the HTTP status Plaid answers for each error code. */
export class PlaidError extends Error {
  constructor(status, errorType, errorCode, message, displayMessage = null) {
    super(message);
    this.status = status;
    this.errorType = errorType;
    this.errorCode = errorCode;
    this.displayMessage = displayMessage;
  }

  toBody(requestId) {
    return {
      error_type: this.errorType,
      error_code: this.errorCode,
      error_message: this.message,
      display_message: this.displayMessage,
      request_id: requestId,
      causes: [],
      status: this.status,
      documentation_url: `https://plaid.com/docs/errors/`,
      suggested_action: null,
    };
  }
}

export const invalidApiKeys = () =>
  new PlaidError(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');

export const missingFields = (fields) =>
  new PlaidError(
    400,
    'INVALID_REQUEST',
    'MISSING_FIELDS',
    `the following required fields are missing: ${fields.join(', ')}`,
  );

export const invalidField = (message) => new PlaidError(400, 'INVALID_REQUEST', 'INVALID_FIELD', message);

export const invalidBody = (message) => new PlaidError(400, 'INVALID_REQUEST', 'INVALID_BODY', message);

export const notFound = (path) =>
  new PlaidError(404, 'INVALID_REQUEST', 'NOT_FOUND', `unknown endpoint ${path}`);

export const invalidAccessToken = () =>
  new PlaidError(
    400,
    'INVALID_INPUT',
    'INVALID_ACCESS_TOKEN',
    'provided access token is in an invalid format or has been removed',
  );

export const invalidPublicToken = (reason) =>
  new PlaidError(400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', reason);

export const itemLoginRequired = () =>
  new PlaidError(
    400,
    'ITEM_ERROR',
    'ITEM_LOGIN_REQUIRED',
    "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    "The login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
  );

export const mutationDuringPagination = () =>
  new PlaidError(
    400,
    'TRANSACTIONS_ERROR',
    'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
    'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
  );

export const rateLimitExceeded = () =>
  new PlaidError(
    429,
    'RATE_LIMIT_EXCEEDED',
    'RATE_LIMIT_EXCEEDED',
    'rate limit exceeded for attempts to access this item. please try again later',
    'The rate limit was exceeded.',
  );

export const apiError = () =>
  new PlaidError(
    500,
    'API_ERROR',
    'INTERNAL_SERVER_ERROR',
    'an unexpected error occurred',
    'An unexpected error occurred. Please try again later.',
  );
