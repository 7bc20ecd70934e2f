/** Any reason a token is refused; the guard answers every one of them with the same 401. */
export class InvalidTokenError extends Error {}

/** jsonwebtoken's and jwks-rsa's errors as InvalidTokenError, keeping the short reasons callers log. */
export function asInvalidToken(error: unknown): InvalidTokenError {
  if (error instanceof InvalidTokenError) return error;
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  if (name === 'TokenExpiredError') return new InvalidTokenError('Expired');
  if (name === 'NotBeforeError') return new InvalidTokenError('Not yet valid');
  return new InvalidTokenError(message || name);
}
