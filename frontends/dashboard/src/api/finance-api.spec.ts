import { ApiError } from '@paycadence/web-kit';
import { describe, expect, it, vi } from 'vitest';
import { stubFinanceApi, type StubRequest } from '../test/stub-api.js';
import { DASHBOARD_TIMEOUT_MS, fetchDashboard, fetchTimeline } from './finance-api.js';

const refusedToday = () => new ApiError(400, 'Validation failed', { today: 'today must be within a day of the server date' });

describe('fetchDashboard / fetchTimeline', () => {
  it('send the local date, and the dashboard call races the 10 s timer', async () => {
    const dashboard = vi.fn(async () => ({ answer: 'dashboard' }));
    await fetchDashboard(stubFinanceApi({ dashboard }), { today: '2026-03-10', laterWindowDays: 14 });
    expect(dashboard).toHaveBeenCalledWith({ query: { today: '2026-03-10', laterWindowDays: 14 } }, expect.objectContaining({ timeoutMs: DASHBOARD_TIMEOUT_MS }));
  });

  it.each([
    ['dashboard', (api: ReturnType<typeof stubFinanceApi>) => fetchDashboard(api, { today: '2030-01-01', laterWindowDays: 7 })],
    ['timeline', (api: ReturnType<typeof stubFinanceApi>) => fetchTimeline(api, { today: '2030-01-01', from: '2026-03-01', to: '2026-03-31' })],
  ] as const)('%s: a refused local date is asked again without it (the server date)', async (name, fetch) => {
    const handler = vi.fn(async ({ query }: StubRequest) => {
      if (query?.today !== undefined) throw refusedToday();
      return { answer: name };
    });
    await expect(fetch(stubFinanceApi({ [name]: handler }))).resolves.toEqual({ answer: name });
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler.mock.calls[1]![0].query?.today).toBeUndefined();
  });

  it('passes any other failure on without a second call', async () => {
    const timeline = vi.fn(async () => {
      throw new ApiError(400, 'Validation failed', { from: 'from is required in YYYY-MM-DD format' });
    });
    const api = stubFinanceApi({ timeline });
    await expect(fetchTimeline(api, { today: '2026-03-10', from: '', to: '2026-03-31' })).rejects.toMatchObject({ status: 400 });
    expect(timeline).toHaveBeenCalledTimes(1);
  });
});
