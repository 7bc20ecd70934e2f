import { isBrowserOffline, OFFLINE_WRITE_MESSAGE } from '../offline/offline-data.js';

/** Default time a request may take before it is abandoned (ms). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The request took too long. Please try again.';

/**
 * Every failed call surfaces as an ApiError. Services answer `{message, errors?}` (docs/security.md);
 * a request that never got an answer (offline, aborted, timed out) has status 0.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;

  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when present. */
  body?: unknown;
  /** Sent as it is, in place of `body` (an image upload): its own type is the Content-Type. */
  rawBody?: Blob;
  /** Bearer token; the Authorization header is set only when given. */
  token?: string | null;
  headers?: Record<string, string>;
  /** fetch's own `credentials`; left to fetch's default (same-origin) when absent. */
  credentials?: RequestCredentials;
  /** fetch's `keepalive`: the request (and what its answer sets) completes even when the page goes away. */
  keepalive?: boolean;
  timeoutMs?: number;
  /** A caller's own signal (e.g. React Query's) also cancels the request. */
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFromBody(status: number, body: unknown): ApiError {
  // `{success:false, error}` answers (the two-factor routes) may carry their words in `error` alone.
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message
      ? body.message
      : isRecord(body) && typeof body.error === 'string' && body.error
        ? body.error
        : `Request failed with status ${status}`;
  const errors: Record<string, string> = {};
  if (isRecord(body) && isRecord(body.errors)) {
    for (const [field, text] of Object.entries(body.errors)) {
      if (typeof text === 'string') errors[field] = text;
    }
  }
  return new ApiError(status, message, errors);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A change refused because the browser is offline (nothing was sent): its words say so, not a generic failure. */
export function isOfflineRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && error.message === OFFLINE_WRITE_MESSAGE;
}

/**
 * One JSON request (the transport under endpoint-client.ts's typed client); resolves with the parsed body or
 * throws ApiError.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = options.body === undefined && options.rawBody === undefined ? 'GET' : 'POST', body, rawBody, token, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  // docs/installable-app.md, Offline: offline, a change is refused at once in words, never queued to be sent later behind the
  // person's back.
  const writes = method !== 'GET';
  if (writes && isBrowserOffline()) throw new ApiError(0, OFFLINE_WRITE_MESSAGE);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (rawBody !== undefined) headers['Content-Type'] = rawBody.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: controller.signal,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    // The network went while the change was on its way: the server never answered, so say it as plainly.
    if (writes && !timedOut && isBrowserOffline()) throw new ApiError(0, OFFLINE_WRITE_MESSAGE);
    throw new ApiError(0, timedOut ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  let parsed: unknown;
  try {
    parsed = await readBody(response);
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw errorFromBody(response.status, parsed);
  return parsed as T;
}
