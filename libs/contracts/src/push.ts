// Reminders on "this device" through the Web Push protocol (docs/reminders.md, Push): the same bill and payday
// reminders as the e-mails, shown by the phone or computer the person turned them on for. A subscription's endpoint
// and keys are a capability (whoever holds them can make that device show notifications), so no answer carries
// them back, no log names them and the account export leaves them out.
import { z } from 'zod';
import { REMINDERS_PATH } from './reminders.js';
import { boundedText, safeString, withinLength } from './text.js';

/** GET: the server's VAPID public key, what the browser's pushManager.subscribe takes as applicationServerKey. */
export const PUSH_PUBLIC_KEY_PATH = `${REMINDERS_PATH}/push-key`;
/** GET the caller's devices; POST this device's subscription; DELETE `${PUSH_DEVICES_PATH}/{id}` removes one. */
export const PUSH_DEVICES_PATH = `${REMINDERS_PATH}/devices`;
export const pushDevicePath = (id: string): string => `${PUSH_DEVICES_PATH}/${encodeURIComponent(id)}`;

/** Push services' URLs are a few hundred characters; more is not a subscription. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
export const PUSH_LABEL_MAX_LENGTH = 60;
/** Devices kept per user: more than anyone carries, few enough that a loop of subscribes cannot grow the table. */
export const PUSH_DEVICES_MAX = 10;
/** RFC 8291: the browser's key is an uncompressed P-256 point (65 bytes, 0x04 first), its auth secret 16 bytes. */
export const PUSH_P256DH_BYTES = 65;
export const PUSH_AUTH_BYTES = 16;

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The bytes of unpadded base64url text (RFC 4648 §5), or null when it is not that. Plain code, no Buffer: this
 * library runs in browsers too.
 */
export function base64urlBytes(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    const digit = BASE64URL_ALPHABET.indexOf(char);
    if (digit === -1) return null;
    value = ((value << 6) | digit) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 0xff;
    }
  }
  return bytes;
}

/** Browsers send the keys unpadded; trailing '=' some add is dropped before the check and before storing. */
const base64urlKey = (name: string, bytes: number, check: (decoded: Uint8Array) => boolean = () => true) => {
  const max = Math.ceil(bytes / 3) * 4;
  return z
    .string({ error: `keys.${name} is required` })
    .max(max, { error: `keys.${name} is too long` })
    .transform((value) => value.replace(/=+$/, ''))
    .refine(
      (value) => {
        const decoded = base64urlBytes(value);
        return decoded !== null && decoded.length === bytes && check(decoded);
      },
      { message: `keys.${name} must be ${bytes} bytes of base64url`, ...withinLength(max) },
    );
};

/**
 * Whether an endpoint URL has the shape a subscription may have: https without credentials; or http to 127.0.0.1,
 * which only a local test push service uses and which finance refuses unless PUSH_ALLOW_LOCAL_ENDPOINTS says so.
 * Which hosts finance will actually send to is finance's decision (docs/reminders.md, Push).
 */
export function pushEndpointShapeOk(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === '127.0.0.1');
}

const endpoint = safeString({ error: 'endpoint is required' })
  .min(1, { error: 'endpoint is required' })
  .max(PUSH_ENDPOINT_MAX_LENGTH, { error: `endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters` })
  .refine(pushEndpointShapeOk, { message: 'endpoint must be an https URL', ...withinLength(PUSH_ENDPOINT_MAX_LENGTH) });

/**
 * POST PUSH_DEVICES_PATH: the browser's PushSubscription.toJSON() and a name for the device the browser makes up
 * ("Chrome on Android"). Its `expirationTime` is accepted and not kept.
 */
export const PushSubscriptionCreateSchema = z
  .object({
    endpoint,
    keys: z
      .object(
        {
          p256dh: base64urlKey('p256dh', PUSH_P256DH_BYTES, (decoded) => decoded[0] === 0x04),
          auth: base64urlKey('auth', PUSH_AUTH_BYTES),
        },
        { error: (issue) => (issue.code === 'invalid_type' ? 'keys are required' : undefined) },
      )
      .strict(),
    label: boundedText({ required: 'label is required', tooLong: `label must be at most ${PUSH_LABEL_MAX_LENGTH} characters`, max: PUSH_LABEL_MAX_LENGTH }),
    expirationTime: z.number({ error: 'expirationTime must be a number or null' }).nullable().optional(),
  })
  .strict();
export type PushSubscriptionCreateInput = z.infer<typeof PushSubscriptionCreateSchema>;

/** One device as Settings lists it: never its endpoint or keys. */
export const PushDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** ISO 8601: when it was turned on (or last subscribed again). */
  created_at: z.string(),
  /** ISO 8601: when a reminder last reached its push service; null before the first. */
  last_used_at: z.string().nullable(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;
/** GET PUSH_DEVICES_PATH: newest first. */
export const PushDeviceListSchema = z.object({ devices: z.array(PushDeviceSchema) });
export type PushDeviceList = z.infer<typeof PushDeviceListSchema>;
/** GET PUSH_PUBLIC_KEY_PATH: the uncompressed P-256 public key, base64url (87 characters). */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/**
 * What one push reminder carries, encrypted to the device: a title, a body with the bill's name, amount and due
 * date and nothing else (a locked screen shows it to anyone nearby), and the page to open.
 */
export const PushReminderPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushReminderPayload = z.infer<typeof PushReminderPayloadSchema>;

/** The page a push reminder opens: the dashboard at the bill (`?bill=<id>`), or the dashboard for a payday. */
export const pushReminderUrl = (billId?: string): string => (billId ? `/dashboard?${new URLSearchParams({ bill: billId })}` : '/dashboard');

export const PUSH_MESSAGES = {
  deviceNotFound: 'That device is not in your list.',
  tooManyDevices: `You can get reminders on up to ${PUSH_DEVICES_MAX} devices. Remove one first.`,
  endpointRefused: "This browser's push service cannot be used.",
  /** Settings > Notifications. */
  channelLabel: { bills: 'Send bill reminders to', income: 'Send payday reminders to' },
  channelOption: { email: 'E-mail', device: 'This device', both: 'E-mail and this device' },
  devicesTitle: 'Devices that get reminders',
  lockScreen: 'Notifications show the bill name, amount and due date, also on a locked screen.',
} as const;
