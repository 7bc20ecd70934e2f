import { CALENDAR_FEED_MESSAGES } from '@paycadence/contracts';
import { formatDate } from '@paycadence/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarFeedLinks } from './calendar-feed-links';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { ANN, json, mockFetch, renderScreen } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'Abc_-123'.repeat(5) + 'xyz';
const PATH = `/api/financial/calendar-feed/${TOKEN}.ics`;

/** The finance service as the panel sees it: a feed that is off until made. */
function feedServer(
  initial: { enabled: boolean; created_at: string | null } = { enabled: false, created_at: null },
) {
  let status = initial;
  const calls: string[] = [];
  const fetchMock = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (method === 'POST') {
      status = { enabled: true, created_at: '2026-03-10T12:00:00.000Z' };
      return json({ ...status, path: PATH }, 201);
    }
    if (method === 'DELETE') {
      status = { enabled: false, created_at: null };
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return json(status);
  });
  return { calls, fetchMock };
}

describe('calendarFeedLinks', () => {
  it("puts the site's origin in front and offers the webcal:// twin", () => {
    expect(calendarFeedLinks(PATH, 'https://app.example.com')).toEqual({
      url: `https://app.example.com${PATH}`,
      webcal: `webcal://app.example.com${PATH}`,
    });
    expect(calendarFeedLinks(PATH, 'http://localhost:8080').webcal).toBe(`webcal://localhost:8080${PATH}`);
  });
});

describe('CalendarFeedPanel', () => {
  it('explains the feed and its privacy, then makes a link that is shown once with Copy and Add to calendar', async () => {
    const { calls } = feedServer();
    renderScreen(<CalendarFeedPanel />, { user: ANN });
    expect(screen.getByRole('heading', { level: 2, name: 'Calendar feed' })).toBeInTheDocument();
    expect(screen.getByText(CALENDAR_FEED_MESSAGES.privacy)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: CALENDAR_FEED_MESSAGES.create }));

    const field = await screen.findByRole('textbox', { name: CALENDAR_FEED_MESSAGES.linkLabel });
    expect(field).toHaveValue(`${window.location.origin}${PATH}`);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect(screen.getByText(CALENDAR_FEED_MESSAGES.shownOnce)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CALENDAR_FEED_MESSAGES.addToCalendar })).toHaveAttribute(
      'href',
      `webcal://${window.location.host}${PATH}`,
    );
    expect(screen.getByRole('status')).toHaveTextContent(CALENDAR_FEED_MESSAGES.created);
    expect(calls).toEqual(['GET /api/financial/calendar-feed', 'POST /api/financial/calendar-feed']);

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_MESSAGES.copy }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${PATH}`);
    expect(screen.getByRole('status')).toHaveTextContent(CALENDAR_FEED_MESSAGES.copied);
  });

  it('says an existing link is on but never shows it again', async () => {
    feedServer({ enabled: true, created_at: '2026-03-01T09:00:00.000Z' });
    renderScreen(<CalendarFeedPanel />, { user: ANN });
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.enabledNoLink)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/Made on/)).toHaveTextContent(`Made on ${formatDate('2026-03-01T09:00:00.000Z')}.`);
  });

  it('asks before regenerating; Escape keeps the link and gives the focus back', async () => {
    const { calls } = feedServer({ enabled: true, created_at: '2026-03-01T09:00:00.000Z' });
    renderScreen(<CalendarFeedPanel />, { user: ANN });
    await userEvent.click(await screen.findByRole('button', { name: CALENDAR_FEED_MESSAGES.regenerate }));
    const question = screen.getByRole('group', { name: CALENDAR_FEED_MESSAGES.confirmRegenerate });
    expect(question).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('button', { name: CALENDAR_FEED_MESSAGES.regenerate })).toHaveFocus();
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_MESSAGES.regenerate }));
    await userEvent.click(
      within(screen.getByRole('group')).getByRole('button', { name: 'Yes, make a new link' }),
    );
    expect(await screen.findByRole('textbox', { name: CALENDAR_FEED_MESSAGES.linkLabel })).toHaveValue(
      `${window.location.origin}${PATH}`,
    );
    expect(screen.getByRole('status')).toHaveTextContent(CALENDAR_FEED_MESSAGES.regenerated);
  });

  it('asks before turning off, then offers to create a link again', async () => {
    const { calls } = feedServer({ enabled: true, created_at: '2026-03-01T09:00:00.000Z' });
    renderScreen(<CalendarFeedPanel />, { user: ANN });
    await userEvent.click(await screen.findByRole('button', { name: CALENDAR_FEED_MESSAGES.turnOff }));
    await userEvent.click(
      within(screen.getByRole('group', { name: CALENDAR_FEED_MESSAGES.confirmTurnOff })).getByRole('button', {
        name: 'Keep it on',
      }),
    );
    expect(calls).toEqual(['GET /api/financial/calendar-feed']);
    await userEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_MESSAGES.turnOff }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, turn it off' }));
    expect(await screen.findByRole('button', { name: CALENDAR_FEED_MESSAGES.create })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(CALENDAR_FEED_MESSAGES.turnedOff);
    expect(calls.at(-1)).toBe('DELETE /api/financial/calendar-feed');
  });

  it('says when the feed cannot be loaded, and tries again', async () => {
    let fail = true;
    mockFetch(() => (fail ? json({ message: 'down' }, 503) : json({ enabled: false, created_at: null })));
    renderScreen(<CalendarFeedPanel />, { user: ANN });
    expect(await screen.findByRole('alert')).toHaveTextContent(CALENDAR_FEED_MESSAGES.loadFailed);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: CALENDAR_FEED_MESSAGES.create })).toBeInTheDocument());
  });
});
