import { IMPORT_POLLING } from '@paycadence/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useImportPolling } from './useImportPolling.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Advances fake time and lets the awaited reloads settle. */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('useImportPolling (docs/product/signed-in.md §4: reload after 2 s, then every 3 s, at most 10 times)', () => {
  it('reloads at 2 s, then every 3 s, 10 reloads in all, and then stops', async () => {
    const reload = vi.fn(async () => undefined);
    const { result } = renderHook(() => useImportPolling(reload, () => true));
    act(() => result.current.start());
    expect(result.current.active).toBe(true);

    await advance(IMPORT_POLLING.firstDelayMs - 1);
    expect(reload).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
    await advance(IMPORT_POLLING.intervalMs - 1);
    expect(reload).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(2);

    await advance(IMPORT_POLLING.intervalMs * 8);
    expect(reload).toHaveBeenCalledTimes(IMPORT_POLLING.attempts);
    expect(result.current.active).toBe(false);
    expect(result.current.done).toBe(IMPORT_POLLING.attempts);
    await advance(IMPORT_POLLING.intervalMs * 5);
    expect(reload).toHaveBeenCalledTimes(IMPORT_POLLING.attempts);
  });

  it('stops early once no item is queued or running', async () => {
    const reload = vi.fn(async () => undefined);
    let importing = true;
    const { result } = renderHook(() => useImportPolling(reload, () => importing));
    act(() => result.current.start());
    await advance(IMPORT_POLLING.firstDelayMs);
    importing = false;
    await advance(IMPORT_POLLING.intervalMs);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(result.current.active).toBe(false);
    await advance(IMPORT_POLLING.intervalMs * 10);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('starts over when a new import starts, and keeps going after a failed reload', async () => {
    const reload = vi.fn(async () => {
      throw new Error('offline');
    });
    const { result } = renderHook(() => useImportPolling(reload, () => true));
    act(() => result.current.start());
    await advance(IMPORT_POLLING.firstDelayMs + IMPORT_POLLING.intervalMs);
    expect(reload).toHaveBeenCalledTimes(2);
    act(() => result.current.start());
    expect(result.current.done).toBe(0);
    await advance(IMPORT_POLLING.firstDelayMs);
    expect(reload).toHaveBeenCalledTimes(3);
    expect(result.current.active).toBe(true);
  });

  it('stops when the page goes away', async () => {
    const reload = vi.fn(async () => undefined);
    const { result, unmount } = renderHook(() => useImportPolling(reload, () => true));
    act(() => result.current.start());
    unmount();
    await advance(IMPORT_POLLING.firstDelayMs * 10);
    expect(reload).not.toHaveBeenCalled();
  });
});
