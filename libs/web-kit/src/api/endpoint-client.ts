import './zod-config.js';
import { CSRF_HEADER, type Endpoint, type EndpointRequest, type EndpointResponse } from '@paycadence/contracts';
import { ApiError, apiFetch } from './api-client.js';
import { hasExpired, isWithinExpiryMargin } from '../auth/session-refresh.js';

export const UNEXPECTED_ANSWER_MESSAGE = 'The server sent an answer this page does not understand. Please reload.';

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * A bearer token other than the session's: the recovery token of a reset link, the challenge token of the
   * sign-in code step, the session being signed out. The session is then left alone (no refresh on 401).
   */
  token?: string | null;
  /**
   * A body that is not JSON (an image upload), sent as it is with its own type, and the headers it needs
   * (a file name); it takes the place of the request's JSON body.
   */
  raw?: { body: Blob; headers?: Record<string, string> };
  /**
   * The call rides on the HttpOnly refresh cookie (POST /api/auth/refresh) or ends it (logout clears it): sent
   * with `credentials: 'same-origin'` and the CSRF header the server asks of every cookie-authenticated call
   * (a cross-site form cannot set it). Sent with `keepalive`, so a reload in the middle of a rotation still
   * stores the new cookie: a rotation the server made but the browser dropped would leave a spent cookie, and
   * presenting it later revokes the whole session.
   */
  sessionCookie?: boolean;
  /** Sent with fetch's `keepalive`: the request completes even if the page goes away (a delete made on leaving). */
  keepalive?: boolean;
}

/** An empty request: what a call without path parameters, body or query sends. */
type NoRequest = Record<never, never>;

/** The request is optional when the endpoint has no path parameters and no body. */
export type CallArgs<E extends Endpoint> = NoRequest extends EndpointRequest<E>
  ? [request?: EndpointRequest<E>, options?: CallOptions]
  : [request: EndpointRequest<E>, options?: CallOptions];

/** Calls a libs/contracts endpoint: the request typed from its schemas, the answer parsed with them. */
export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointResponse<E>>;
}

/** What the client needs of the signed-in session (the AuthProvider supplies it). */
export interface SessionAccess {
  /** The session now, read at call time; null when signed out. */
  current(): { access_token: string; expires_at: number } | null;
  /**
   * Rotates the tokens. Concurrent callers share one rotation; resolves null when it could not (a refused
   * refresh token also signs out).
   */
  refresh(): Promise<{ access_token: string } | null>;
}

export interface ApiClientOptions {
  /** Prefix for every path; '' means same origin (the gateway). */
  baseUrl?: string;
  /** Without it every call goes out without a bearer token (public pages). */
  session?: SessionAccess;
  timeoutMs?: number;
  /** Parse each answer with the endpoint's response schema (default true). */
  validateResponses?: boolean;
}

type RequestParts = { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> };

/** The endpoint's path with its `{name}` placeholders filled (encoded) and the query appended. */
export function endpointUrl(endpoint: Endpoint, { params = {}, query }: RequestParts = {}): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${endpoint.method} ${endpoint.path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The one API client: every remote calls through it. With a session it sends the access token; within the
 * expiry margin it starts the refresh in the background and still sends the valid token (it waits for the
 * refresh only once the token has expired). After a 401 it refreshes once (shared with any other call that
 * got a 401 meanwhile) and retries once. A failed refresh leaves the 401 to the caller.
 */
export function createApiClient({ baseUrl = '', session, timeoutMs, validateResponses = true }: ApiClientOptions = {}): ApiClient {
  const send = async (endpoint: Endpoint, parts: RequestParts, options: CallOptions, token: string | null) => {
    const body = await apiFetch(`${baseUrl}${endpointUrl(endpoint, parts)}`, {
      method: endpoint.method,
      body: parts.body,
      rawBody: options.raw?.body,
      headers: options.sessionCookie ? { ...options.raw?.headers, [CSRF_HEADER.name]: CSRF_HEADER.value } : options.raw?.headers,
      credentials: options.sessionCookie ? 'same-origin' : undefined,
      keepalive: options.sessionCookie || options.keepalive,
      token,
      timeoutMs: options.timeoutMs ?? timeoutMs,
      signal: options.signal,
    });
    if (!endpoint.response) return undefined;
    if (!validateResponses) return body;
    const parsed = endpoint.response.safeParse(body);
    if (!parsed.success) throw new ApiError(502, UNEXPECTED_ANSWER_MESSAGE);
    return parsed.data;
  };

  const withSession = async (endpoint: Endpoint, parts: RequestParts, options: CallOptions, access: SessionAccess) => {
    let current = access.current();
    if (current && hasExpired(current.expires_at, Date.now())) {
      // Only an expired token is worth waiting for: the refresh may back off for a whole tick (30 s).
      await access.refresh();
      current = access.current(); // the rotated session, the kept one (server unreachable), or none (refused)
    } else if (current && isWithinExpiryMargin(current.expires_at, Date.now())) {
      // Still valid: send with it now and let the (shared) refresh rotate it in the background. Its outcome
      // reaches the session itself; a refused one signs out there, so nothing is left to handle here.
      void access.refresh().catch(() => undefined);
    }
    const used = current?.access_token ?? null;
    try {
      return await send(endpoint, parts, options, used);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || used === null) throw error;
      // Another call may have rotated the tokens while this one was out: use those instead of rotating again.
      const latest = access.current();
      const next = latest && latest.access_token !== used ? latest : await access.refresh();
      if (!next) throw error;
      return send(endpoint, parts, options, next.access_token);
    }
  };

  return {
    call<E extends Endpoint>(endpoint: E, ...[request, options = {}]: CallArgs<E>): Promise<EndpointResponse<E>> {
      const parts = (request ?? {}) as RequestParts;
      const run =
        options.token !== undefined || endpoint.session === false || !session
          ? send(endpoint, parts, options, options.token ?? null)
          : withSession(endpoint, parts, options, session);
      // The answer was parsed with the endpoint's own response schema (or it has none: 204).
      return run as Promise<EndpointResponse<E>>;
    },
  };
}
