import { localMoment } from './local-time.js';

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
