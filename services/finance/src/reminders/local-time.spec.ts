import { localMoment, utcOf } from './local-time.js';

describe('localMoment', () => {
  const at = new Date('2026-03-10T20:00:00Z');

  it('gives the day and hour of the wall clock in the zone', () => {
    expect(localMoment(at, 'Pacific/Auckland')).toEqual({ date: '2026-03-11', hour: 9 }); // NZDT, UTC+13
    expect(localMoment(at, 'America/Los_Angeles')).toEqual({ date: '2026-03-10', hour: 13 }); // PDT from March 8
    expect(localMoment(at, 'UTC')).toEqual({ date: '2026-03-10', hour: 20 });
  });

  it('follows daylight saving changes and half-hour zones', () => {
    expect(localMoment(new Date('2026-01-10T20:00:00Z'), 'America/Los_Angeles')).toEqual({ date: '2026-01-10', hour: 12 }); // PST
    expect(localMoment(new Date('2026-03-10T18:40:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-03-11', hour: 0 });
  });
});

describe('utcOf', () => {
  it.each([
    ['2026-03-11', 'Pacific/Auckland', '2026-03-10T19:00:00.000Z'], // NZDT, UTC+13
    ['2026-04-06', 'Pacific/Auckland', '2026-04-05T20:00:00.000Z'], // NZST from April 5, UTC+12
    ['2026-03-07', 'America/Los_Angeles', '2026-03-07T16:00:00.000Z'], // PST, the day before the change
    ['2026-03-08', 'America/Los_Angeles', '2026-03-08T15:00:00.000Z'], // PDT from 02:00 that day
    ['2026-03-11', 'Asia/Kolkata', '2026-03-11T02:30:00.000Z'],
    ['2026-03-11', 'Asia/Kathmandu', '2026-03-11T02:15:00.000Z'],
    ['2026-03-11', 'UTC', '2026-03-11T08:00:00.000Z'],
  ])('8 o’clock on %s in %s is %s', (date, zone, utc) => {
    expect(utcOf(date, 8, zone).toISOString()).toBe(utc);
    // and back: the wall clock there shows that day at 8
    expect(localMoment(utcOf(date, 8, zone), zone)).toEqual({ date, hour: 8 });
  });
});
