import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys, reloadLists } from './admin-queries.js';

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('reloading the lists after an action', () => {
  it('shows rows read after the change, even when a search was already being fetched during it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = adminKeys.users({ search: 'member@example.com', order: 'newest', limit: 25 } as never);
    const beforeTheChange = deferred<string>();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => (++calls === 1 ? beforeTheChange.promise : Promise.resolve('suspended')),
    });
    const stop = observer.subscribe(() => undefined);
    // The search's fetch is on its way (it read the account as active), and the suspension is answered.
    await reloadLists(client);
    beforeTheChange.resolve('active');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(key)).toBe('suspended');
    expect(calls).toBe(2);
    stop();
  });
});
