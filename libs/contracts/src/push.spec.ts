import { describe, expect, it } from 'vitest';
import { base64urlBytes, PUSH_DEVICES_PATH, PushSubscriptionCreateSchema, pushDevicePath, pushReminderUrl } from './push.js';
import { DEFAULT_REMINDER_SETTINGS, ReminderSettingsSchema, UpdateReminderSettingsSchema } from './reminders.js';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const point = () => b64url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)));
const auth = () => b64url(Uint8Array.from({ length: 16 }, (_, i) => i + 100));
const body = (overrides: Record<string, unknown> = {}) => ({
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
  keys: { p256dh: point(), auth: auth() },
  label: 'Chrome on Android',
  ...overrides,
});
const refusal = (input: unknown) => {
  const result = PushSubscriptionCreateSchema.safeParse(input);
  return result.success ? null : result.error.issues.map((issue) => issue.message).join('; ');
};

describe('base64urlBytes', () => {
  it.each([
    ['', []],
    ['AQ', [1]],
    ['AQI', [1, 2]],
    ['AQID', [1, 2, 3]],
    ['_-8', [0xff, 0xef]],
  ])('%s', (text, bytes) => expect([...base64urlBytes(text)!]).toEqual(bytes));

  it('refuses other alphabets and impossible lengths', () => {
    for (const text of ['a+b/', 'abc=', 'A', 'é', 'ab cd']) expect(base64urlBytes(text)).toBeNull();
  });

  it('agrees with Node on random keys', () => {
    for (let n = 0; n < 50; n += 1) {
      const bytes = Uint8Array.from({ length: 1 + n }, () => Math.floor(Math.random() * 256));
      expect([...base64urlBytes(b64url(bytes))!]).toEqual([...bytes]);
    }
  });
});

describe('PushSubscriptionCreateSchema', () => {
  it("takes a browser's PushSubscription.toJSON() with a label, and drops the keys' padding", () => {
    expect(refusal(body())).toBeNull();
    expect(refusal(body({ expirationTime: null }))).toBeNull();
    const padded = PushSubscriptionCreateSchema.parse(body({ keys: { p256dh: `${point()}=`, auth: `${auth()}==` } }));
    expect(padded.keys).toEqual({ p256dh: point(), auth: auth() });
    expect(PushSubscriptionCreateSchema.parse(body({ label: '  Firefox on Linux  ' })).label).toBe('Firefox on Linux');
  });

  it.each([
    ['http', body({ endpoint: 'http://push.example.com/x' }), 'endpoint must be an https URL'],
    ['not a URL', body({ endpoint: 'fcm.googleapis.com/x' }), 'endpoint must be an https URL'],
    ['credentials', body({ endpoint: 'https://user:pw@push.example.com/x' }), 'endpoint must be an https URL'],
    ['another scheme', body({ endpoint: 'file:///etc/passwd' }), 'endpoint must be an https URL'],
    ['too long', body({ endpoint: `https://push.example.com/${'a'.repeat(1024)}` }), 'endpoint must be at most 1024 characters'],
    ['p256dh too short', body({ keys: { p256dh: point().slice(0, 80), auth: auth() } }), 'keys.p256dh must be 65 bytes of base64url'],
    ['p256dh compressed', body({ keys: { p256dh: b64url(Uint8Array.from({ length: 65 }, () => 2)), auth: auth() } }), 'keys.p256dh must be 65 bytes of base64url'],
    ['p256dh base64', body({ keys: { p256dh: point().replace(/-|_/g, '+').replace(/^B/, '+'), auth: auth() } }), 'keys.p256dh must be 65 bytes of base64url'],
    ['auth 15 bytes', body({ keys: { p256dh: point(), auth: b64url(new Uint8Array(15)) } }), 'keys.auth must be 16 bytes of base64url'],
    ['auth far too long', body({ keys: { p256dh: point(), auth: 'A'.repeat(500) } }), 'keys.auth is too long'],
    ['no keys', body({ keys: undefined }), 'keys are required'],
    ['another key', body({ keys: { p256dh: point(), auth: auth(), extra: 'x' } }), 'Unrecognized key'],
    ['no label', body({ label: ' ' }), 'label is required'],
    ['long label', body({ label: 'x'.repeat(61) }), 'label must be at most 60 characters'],
    ['unknown field', body({ userId: 'someone' }), 'Unrecognized key'],
  ])('refuses %s', (_name, input, message) => {
    expect(refusal(input)).toContain(message);
  });

  it('accepts http only to 127.0.0.1 (a local test push service; finance refuses it unless told otherwise)', () => {
    expect(refusal(body({ endpoint: 'http://127.0.0.1:8090/notify/abc' }))).toBeNull();
    expect(refusal(body({ endpoint: 'http://localhost:8090/notify/abc' }))).toContain('https');
  });
});

describe('paths and links', () => {
  it('live under the reminders path; a reminder opens the dashboard at its bill', () => {
    expect(PUSH_DEVICES_PATH).toBe('/api/financial/reminders/devices');
    expect(pushDevicePath('a/b')).toBe('/api/financial/reminders/devices/a%2Fb');
    expect(pushReminderUrl('0b7c7f5e-1111-4222-8333-444455556666')).toBe('/dashboard?bill=0b7c7f5e-1111-4222-8333-444455556666');
    expect(pushReminderUrl()).toBe('/dashboard');
  });
});

describe('reminder channels', () => {
  it('default to e-mail, and a PUT without them is still valid', () => {
    expect(DEFAULT_REMINDER_SETTINGS.channels).toEqual({ bills: 'email', income: 'email' });
    expect(ReminderSettingsSchema.parse(DEFAULT_REMINDER_SETTINGS)).toEqual(DEFAULT_REMINDER_SETTINGS);
    const put = { bills: true, income: true, suggestions: false, updates: true, days_before: 3, time_zone: 'UTC' };
    expect(UpdateReminderSettingsSchema.parse(put).channels).toBeUndefined();
    expect(UpdateReminderSettingsSchema.parse({ ...put, channels: { bills: 'both', income: 'device' } }).channels).toEqual({ bills: 'both', income: 'device' });
    expect(UpdateReminderSettingsSchema.safeParse({ ...put, channels: { bills: 'push', income: 'email' } }).error?.issues[0]?.message).toBe(
      'channels.bills must be email, device or both',
    );
  });
});
