import { framingProblems, parseFeed } from '../../test/support/ical.js';
import { renderFeedCalendar } from './feed-calendar.js';
import type { FeedEvent } from './feed-events.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const event = (over: Partial<FeedEvent> = {}): FeedEvent => ({
  uid: 'bill-b1-2026-03-25@paycadence',
  kind: 'bill',
  date: '2026-03-25',
  summary: 'Rent due: $1,200.00',
  description: 'Rent ($1,200.00) is due.',
  ...over,
});

describe('renderFeedCalendar', () => {
  it('writes a VERSION 2.0 calendar named PayCadence with all-day, free events', () => {
    const text = renderFeedCalendar(
      [
        event(),
        event({
          uid: 'income-i1-2026-12-31@paycadence',
          kind: 'payday',
          date: '2026-12-31',
          summary: 'Payday',
        }),
      ],
      NOW,
    );
    expect(framingProblems(text)).toEqual([]);
    const feed = parseFeed(text);
    expect(feed).toMatchObject({
      version: '2.0',
      prodId: '-//PayCadence//Calendar feed//EN',
      name: 'PayCadence',
    });
    expect(feed.events).toEqual([
      {
        uid: 'bill-b1-2026-03-25@paycadence',
        summary: 'Rent due: $1,200.00',
        description: 'Rent ($1,200.00) is due.',
        start: '2026-03-25',
        end: '2026-03-26',
        allDay: true,
        stamp: '2026-03-10T12:00:00Z',
        categories: ['Bill'],
        transparency: 'TRANSPARENT',
      },
      expect.objectContaining({
        start: '2026-12-31',
        end: '2027-01-01',
        allDay: true,
        categories: ['Payday'],
      }),
    ]);
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20260325\r\n');
    expect(text).toMatch(/\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n/);
  });

  it.each([
    ['commas, semicolons and quotes', 'Rent, "flat 2"; water & power'],
    ['a backslash', 'C:\\bills\\rent'],
    ['newlines', 'Rent\nsecond line\r\nthird'],
    ['emoji and combining marks', '🏠 Rent 👨‍👩‍👧‍👦 café e\u0301\u0301'],
    ['a name longer than a line', `${'Électricité 🔌, '.repeat(12)}end`],
  ])('keeps %s intact and the file valid', (_label, name) => {
    const text = renderFeedCalendar(
      [event({ summary: `${name} due: $1.00`, description: `${name}\n\nwhy` })],
      NOW,
    );
    expect(framingProblems(text)).toEqual([]);
    const [parsed] = parseFeed(text).events;
    expect(parsed!.summary).toBe(`${name.replace(/\r\n?/g, '\n')} due: $1.00`);
    expect(parsed!.description).toBe(`${name.replace(/\r\n?/g, '\n')}\n\nwhy`);
  });

  it.each([
    [
      'CRLF',
      'Rent\r\nATTENDEE:mailto:evil@example.com\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM',
      'ATTENDEE:mailto:evil@example.com',
    ],
    ['a lone CR', 'Rent\rATTENDEE:mailto:evil@example.com', 'ATTENDEE:mailto:evil@example.com'],
    ['a lone LF', 'Rent\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Forged', 'SUMMARY:Forged'],
  ])(
    'never lets a name with %s add properties or components (iCalendar injection)',
    (_label, name, injected) => {
      const text = renderFeedCalendar([event({ summary: name, description: name })], NOW);
      expect(framingProblems(text)).toEqual([]);
      expect(text).not.toMatch(/\r\n(ATTENDEE|BEGIN:VALARM|SUMMARY:Forged)/);
      const feed = parseFeed(text);
      expect(feed.events).toHaveLength(1);
      // The would-be property is text inside the one summary.
      expect(feed.events[0]!.summary).toContain(injected);
    },
  );

  it('writes an empty calendar when there is nothing to show', () => {
    const text = renderFeedCalendar([], NOW);
    expect(framingProblems(text)).toEqual([]);
    expect(parseFeed(text).events).toEqual([]);
  });
});
