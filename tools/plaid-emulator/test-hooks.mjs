import { apiError, mutationDuringPagination, rateLimitExceeded } from './plaid-errors.mjs';

/**
 * Test hooks, all off by default: fail the next N calls with 429 or 500, delay every answer, or change an
 * item's data between two pages of `/transactions/sync` so the next page answers
 * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION (as Plaid does when data moves under a pagination).
 */
export function createTestHooks() {
  let failures = [];
  let delayMs = 0;
  let mutationArmed = false;
  let mutationCount = 0;

  return {
    /** Fails the next `count` authenticated calls with `RATE_LIMIT_EXCEEDED` (429) or `API_ERROR` (500). */
    failNext(count, kind = 'RATE_LIMIT_EXCEEDED') {
      const factory = kind === 'API_ERROR' ? apiError : rateLimitExceeded;
      failures = Array.from({ length: count }, () => factory);
    },
    setDelay(ms) {
      delayMs = ms;
    },
    /** The next `/transactions/sync` that continues a pagination (non-empty cursor) sees its data change. */
    mutateDuringNextPagination() {
      mutationArmed = true;
    },

    async beforeCall() {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const failure = failures.shift();
      if (failure) throw failure();
    },

    checkMutationDuringPagination(item, position) {
      if (!mutationArmed || position === 0) return;
      mutationArmed = false;
      mutationCount += 1;
      // The data really changes: the first transaction gets a new name, reported as modified.
      const first = item.log.find((entry) => entry.type === 'added').transaction;
      item.log.push({
        type: 'modified',
        transaction: { ...first, name: `${first.name} (corrected ${mutationCount})` },
      });
      throw mutationDuringPagination();
    },
  };
}
