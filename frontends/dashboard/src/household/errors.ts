import { ApiError } from '@paycadence/web-kit';

/**
 * The server's own reason when it gave a clear one (a 4xx with a message, e.g. 'already invited'), shown under the
 * product's banner text (docs/product/signed-in.md §8). Server faults and unreadable answers show the banner text alone.
 */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status < 400 || error.status >= 500 || error.status === 401) return null;
  if (!error.message || error.message.startsWith('Request failed with status')) return null;
  return error.message;
}
