import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The request id set by the gateway (X-Request-ID), carried through every log line of that request. */
export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * What an incoming X-Request-ID may look like: a UUID, a Kong/nginx id and the like. One
 * character class with a bounded count, so checking is linear; anything else (too long, spaces, quotes, control
 * characters that could forge log lines) is replaced, never logged.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming id when it is one well-formed value, else a fresh UUID. */
export function acceptRequestId(incoming: string | string[] | undefined): string {
  // The length is checked first so the pattern never sees a long value.
  return typeof incoming === 'string' && incoming.length <= 128 && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

const storage = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId || randomUUID() }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
