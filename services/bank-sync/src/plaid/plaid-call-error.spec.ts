import { PlaidCallError, toPlaidCallError } from './plaid-call-error.js';

const plaidAnswer = (status: number, error_type: string, error_code: string) => ({
  isAxiosError: true,
  response: { status, data: { error_type, error_code, error_message: 'message from Plaid', request_id: 'req1' } },
});

describe('toPlaidCallError', () => {
  it.each([
    [429, 'RATE_LIMIT_EXCEEDED', 'TRANSACTIONS_SYNC_LIMIT', true],
    [500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', true],
    [400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED', false],
    [400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', false],
    [400, 'TRANSACTIONS_ERROR', 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', false],
  ])('maps HTTP %i %s/%s with retryable %s', (status, type, code, retryable) => {
    const error = toPlaidCallError(plaidAnswer(status, type, code));
    expect(error).toBeInstanceOf(PlaidCallError);
    expect(error).toMatchObject({ status, type, code, retryable, requestId: 'req1' });
  });

  it('treats no answer at all (refused, timed out) as a retryable network error', () => {
    expect(toPlaidCallError({ isAxiosError: true, code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' })).toMatchObject({ code: 'NETWORK_ERROR', status: 0, retryable: true });
  });

  it('never puts the request (and so an access token) in its message', () => {
    const error = toPlaidCallError({ ...plaidAnswer(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN'), config: { data: '{"access_token":"access-sandbox-secret"}' } });
    expect(error.message).not.toContain('access-sandbox-secret');
  });
});
