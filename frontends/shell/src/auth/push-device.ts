import { base64urlBytes } from '@paycadence/contracts';

/**
 * This browser's side of reminders on a device (docs/reminders.md, Push): whether it can show them, asking for
 * permission (only ever from a click), and the push subscription the server sends through.
 */
export const PUSH_DEVICE_KEY = 'paycadence.push-device';

export type PushSupport = 'supported' | 'unsupported' | 'blocked';

/** The window with its globals (Notification, PushManager), as a browser has them. */
type BrowserWindow = Window & typeof globalThis;

export function pushSupport(win: BrowserWindow = window): PushSupport {
  if (!('Notification' in win) || !('serviceWorker' in win.navigator) || !('PushManager' in win)) return 'unsupported';
  return win.Notification.permission === 'denied' ? 'blocked' : 'supported';
}

/** A name the person recognises in the list: "Chrome on Android", "Safari on iPhone". */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\/|FxiOS/.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|CriOS/.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'ChromeOS'
          : /Windows/.test(userAgent)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(userAgent)
              ? 'Mac'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : 'this device';
  return `${browser} on ${system}`;
}

/** The service worker's registration, or null when none comes (no worker in development, or it failed). */
async function readyRegistration(win: Window, waitMs = 5000): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([win.navigator.serviceWorker.ready, new Promise<null>((resolve) => win.setTimeout(() => resolve(null), waitMs))]);
}

export type SubscribeOutcome = { ok: true; subscription: PushSubscriptionJSON } | { ok: false; reason: 'denied' | 'unavailable' };

/**
 * Asks for permission (the browser's prompt: call only from a click) and subscribes this browser with the server's
 * key. A browser that already has a subscription for this key answers that one.
 */
export async function subscribeThisDevice(publicKey: string, win: BrowserWindow = window): Promise<SubscribeOutcome> {
  const permission = await win.Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  const registration = await readyRegistration(win);
  const key = base64urlBytes(publicKey);
  if (!registration || !key) return { ok: false, reason: 'unavailable' };
  try {
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key as BufferSource });
    return { ok: true, subscription: subscription.toJSON() };
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
}

/** Ends this browser's subscription (after the device was removed from the list). */
export async function unsubscribeThisDevice(win: Window = window): Promise<void> {
  const registration = await readyRegistration(win, 1000);
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => false);
}
