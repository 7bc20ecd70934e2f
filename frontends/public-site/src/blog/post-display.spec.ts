import { afterEach, describe, expect, it, vi } from 'vitest';
import { postDisplayDate, postImageUrl, postReadTime } from './post-display';

// vi.stubEnv writes process.env.TZ, which Node applies at once, without node types in this browser app.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('postDisplayDate', () => {
  it.each(['America/Los_Angeles', 'America/New_York', 'UTC', 'Asia/Tokyo'])(
    'shows the publish day as written, whatever the time zone (%s)',
    (zone) => {
      vi.stubEnv('TZ', zone);
      expect(postDisplayDate({ publish_date: '2026-03-09T00:00:00.000Z', created_at: '2026-01-01T12:00:00.000Z' })).toBe('03/09/2026');
      expect(postDisplayDate({ publish_date: '2026-11-25', created_at: '2026-01-01T12:00:00.000Z' })).toBe('11/25/2026');
    },
  );

  it('falls back to the created date without a publish date', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(postDisplayDate({ publish_date: null, created_at: '2026-01-01T12:00:00.000Z' })).toBe('01/01/2026');
  });
});

describe('postReadTime and postImageUrl', () => {
  it('reads an empty or blank read time as the default', () => {
    expect(postReadTime({ read_time: '  ' })).toBe('5 min read');
    expect(postReadTime({ read_time: '8 min read' })).toBe('8 min read');
  });

  it('keeps only http(s) and uploaded image addresses', () => {
    expect(postImageUrl({ image_url: '/api/blog/images/AbCdEfGhIjKlMnOp.png' })).toBe('/api/blog/images/AbCdEfGhIjKlMnOp.png');
    expect(postImageUrl({ image_url: 'https://cdn.example.org/a.jpg' })).toBe('https://cdn.example.org/a.jpg');
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,xx', '//evil.example/a.png', '/api/blog/images/AbCdEfGhIjKlMnOp.html', '', null]) {
      expect(postImageUrl({ image_url: bad })).toBeNull();
    }
  });
});
