import { SESSION_REFRESH } from '@paycadence/contracts';
import { ApiError } from '../api/api-client.js';

/**
 * docs/product/accounts.md §9: the web session refreshes itself. A tick runs every 30 s; when 3 ticks or fewer remain
 * before the access token expires, it refreshes. A session within 90 s of expiry is treated as expired
 * (refreshed before use). A failed refresh that may succeed later (no answer, 5xx) is retried after 200 ms,
 * then 400 ms, 800 ms… for as long as the retries fit inside one tick.
 */
export const REFRESH_TICK_MS = SESSION_REFRESH.tickMs;
export const REFRESH_WHEN_TICKS_LEFT = SESSION_REFRESH.refreshWhenTicksLeft;
export const EXPIRY_MARGIN_MS = SESSION_REFRESH.expiryMarginSeconds * 1000;
export const RETRY_BACKOFF_START_MS = SESSION_REFRESH.retryBackoffStartMs;

/** Whole ticks left before `expiresAt` (unix seconds). */
export function ticksUntilExpiry(expiresAt: number, nowMs: number): number {
  return Math.floor((expiresAt * 1000 - nowMs) / REFRESH_TICK_MS);
}

/** docs/product/accounts.md §9: refresh when 3 ticks or fewer remain. */
export function shouldRefreshOnTick(expiresAt: number, nowMs: number): boolean {
  return ticksUntilExpiry(expiresAt, nowMs) <= REFRESH_WHEN_TICKS_LEFT;
}

/** docs/product/accounts.md §9: expiry margin 90 s; a restored session this close to expiry is refreshed first. */
export function isWithinExpiryMargin(expiresAt: number, nowMs: number): boolean {
  return expiresAt * 1000 - nowMs < EXPIRY_MARGIN_MS;
}

/** The access token is past its expiry: a call sent with it could only earn a 401. */
export function hasExpired(expiresAt: number, nowMs: number): boolean {
  return expiresAt * 1000 <= nowMs;
}

/** The wait before retry number `attempt` (0-based): 200, 400, 800… ms. */
export function retryDelayMs(attempt: number): number {
  return RETRY_BACKOFF_START_MS * 2 ** attempt;
}

/** No answer (status 0) or a server fault may pass; a 4xx (spent or invalid token) never will. */
export function isRetryableRefreshError(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

export interface RetryOptions {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Retries stop once the next wait would end after this many ms since the first attempt. */
  budgetMs?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds, fails for good, or the retry budget (one tick) is spent. */
export async function withRefreshBackoff<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { sleep = defaultSleep, now = Date.now, budgetMs = REFRESH_TICK_MS } = options;
  const started = now();
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      const delay = retryDelayMs(retry);
      if (!isRetryableRefreshError(error) || now() + delay - started >= budgetMs) throw error;
      await sleep(delay);
    }
  }
}

/** The Web Locks name every tab of the app takes before spending the refresh cookie. */
export const REFRESH_LOCK_NAME = 'paycadence.session-refresh';

/** The part of the Web Locks API used here (`navigator.locks`). */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function browserLocks(): RefreshLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: RefreshLocks }).locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/**
 * Runs `task` holding the app's refresh lock across every tab, so no two tabs send the same refresh cookie at
 * once (the second would be reuse of a spent token and revoke the whole session). One tab after another is safe:
 * the cookie jar is shared, so the next tab sends the cookie the previous rotation set. Without Web Locks (an old
 * browser) the task runs as it is.
 */
export function withRefreshLock<T>(task: () => Promise<T>, locks: RefreshLocks | null = browserLocks()): Promise<T> {
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}
