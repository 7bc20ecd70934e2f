import { describe, expect, it } from 'vitest';
import { notificationTarget, reminderNotification } from './push-message';

const ORIGIN = 'https://app.paycadence.test';

describe('a pushed reminder as a notification', () => {
  it('shows the title and body it carries and opens the bill it names', () => {
    const { title, options } = reminderNotification(
      JSON.stringify({ title: 'Rent is due in 3 days', body: 'Rent, $1,250.00, due 12/10/2026', url: '/dashboard?bill=b1', tag: 'bill-b1' }),
      ORIGIN,
    );
    expect(title).toBe('Rent is due in 3 days');
    expect(options.body).toBe('Rent, $1,250.00, due 12/10/2026');
    expect(options.tag).toBe('bill-b1');
    expect(options.data).toEqual({ url: `${ORIGIN}/dashboard?bill=b1` });
  });

  it('an empty, broken or foreign payload still shows a reminder that opens the dashboard', () => {
    for (const text of ['', 'not json', 'null', JSON.stringify({ url: 'https://evil.example/phish' }), JSON.stringify({ url: 'javascript:alert(1)' })]) {
      const { title, options } = reminderNotification(text, ORIGIN);
      expect(title).toBe('PayCadence reminder');
      expect(options.data).toEqual({ url: `${ORIGIN}/dashboard` });
    }
  });

  it('never shows more than a short title and body, whatever the payload holds', () => {
    const { title, options } = reminderNotification(JSON.stringify({ title: 'x'.repeat(500), body: 'y'.repeat(900) }), ORIGIN);
    expect(title).toHaveLength(120);
    expect(options.body).toHaveLength(240);
  });

  it('a tap opens only addresses of this site', () => {
    expect(notificationTarget({ url: '/dashboard?bill=7' }, ORIGIN)).toBe(`${ORIGIN}/dashboard?bill=7`);
    expect(notificationTarget({ url: '//evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(notificationTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
  });
});
