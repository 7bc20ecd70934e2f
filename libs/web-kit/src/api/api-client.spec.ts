import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE } from './api-client.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiFetch', () => {
  it('sends JSON with a bearer token and returns the parsed body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);

    const result = await apiFetch('/api/waitlist/join', { body: { email: 'a@b.co' }, token: 'tok' });

    expect(result).toEqual({ success: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/waitlist/join');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer tok' });
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/x');
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe('GET');
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('throws ApiError with status, message and field errors from a {message, errors} body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(400, { message: 'Validation failed', errors: { email: 'Please enter a valid email address' } })),
    );
    const error = await apiFetch('/api/x', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('takes the words of a `{success:false, error}` body when it has no message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(400, { success: false, error: 'Incorrect password' })));
    await expect(apiFetch('/api/mfa/enable', { body: {} })).rejects.toMatchObject({ status: 400, message: 'Incorrect password' });
  });

  it('falls back to a generic message when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, message: 'Request failed with status 502', errors: {} });
  });

  it('turns a network failure into ApiError status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('aborts after the timeout and reports status 0', async () => {
    vi.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        seenSignal = init.signal ?? undefined;
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }),
    );
    const pending = apiFetch('/api/slow', { timeoutMs: 500 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(499);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(seenSignal?.aborted).toBe(true);
    expect(error).toMatchObject({ status: 0, message: TIMEOUT_ERROR_MESSAGE });
  });

  it('uses a 10 second timeout by default', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      })),
    );
    let settled = false;
    const pending = apiFetch('/api/slow').catch((caught: unknown) => {
      settled = true;
      return caught;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ status: 0, message: TIMEOUT_ERROR_MESSAGE });
  });
});
