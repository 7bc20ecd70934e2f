import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceLabel, PUSH_DEVICE_KEY } from './push-device';
import { PUSH_TEXTS, PushDevicesPanel } from './PushDevicesPanel';
import { ANN, bodyOf, json, mockFetch, renderScreen } from './test-helpers';

// A real P-256 point's length and a 16-byte secret, as a browser's subscription carries them (base64url).
const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'A'.repeat(22);
const SUBSCRIPTION = { endpoint: 'https://push.example.test/send/abc', expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };

/** finance's device routes as the panel sees them, with what was asked of them. */
function devicesServer(initial: Array<{ id: string; label: string }> = []) {
  let devices = initial.map((device) => ({ ...device, created_at: '2026-12-01T10:00:00Z', last_used_at: null }));
  const posts: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  mockFetch((url, init) => {
    if (url.endsWith('/reminders/push-key')) return json({ publicKey: 'BPk'.padEnd(87, 'x') });
    if (url.endsWith('/reminders/devices') && init.method === 'POST') {
      posts.push(bodyOf(init));
      const device = { id: 'd-new', label: String(bodyOf(init).label), created_at: '2026-12-07T10:00:00Z', last_used_at: null };
      devices = [device, ...devices];
      return json(device, 201);
    }
    if (init.method === 'DELETE') {
      const id = url.split('/').pop()!;
      deletes.push(id);
      devices = devices.filter((device) => device.id !== id);
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return json({ devices });
  });
  return { posts, deletes };
}

/** A browser that can show notifications; the permission prompt answers `answer`. */
function pushCapableBrowser(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const unsubscribe = vi.fn(async () => true);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { subscribe, getSubscription: async () => ({ unsubscribe }) } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration) } });
  return { requestPermission, subscribe, unsubscribe };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('reminders on this device', () => {
  it('asks the browser for permission only when "Turn on" is clicked, then subscribes with the server key and sends the subscription', async () => {
    const { posts } = devicesServer();
    const browser = pushCapableBrowser('granted');
    renderScreen(<PushDevicesPanel />, { user: ANN });
    const turnOn = await screen.findByRole('button', { name: PUSH_TEXTS.turnOn });
    expect(screen.getByText(PUSH_TEXTS.none)).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(turnOn);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(posts[0]).toEqual({ endpoint: SUBSCRIPTION.endpoint, keys: SUBSCRIPTION.keys, label: deviceLabel(navigator.userAgent) });
    const list = await screen.findByRole('list', { name: 'Devices that get reminders' });
    expect(within(list).getByText(PUSH_TEXTS.thisDevice)).toBeInTheDocument();
    expect(localStorage.getItem(PUSH_DEVICE_KEY)).toBe('d-new');
    expect(screen.queryByRole('button', { name: PUSH_TEXTS.turnOn })).toBeNull();
  });

  it('a refused permission sends nothing and says how to allow it', async () => {
    const { posts } = devicesServer();
    const browser = pushCapableBrowser('denied');
    renderScreen(<PushDevicesPanel />, { user: ANN });
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXTS.turnOn }));
    expect(await screen.findByText(PUSH_TEXTS.blocked)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(posts).toEqual([]);
  });

  it('removing this device ends its browser subscription too; another device is only removed from the list', async () => {
    localStorage.setItem(PUSH_DEVICE_KEY, 'd-here');
    const { deletes } = devicesServer([
      { id: 'd-here', label: 'Chrome on Linux' },
      { id: 'd-phone', label: 'Chrome on Android' },
    ]);
    const browser = pushCapableBrowser('granted');
    renderScreen(<PushDevicesPanel />, { user: ANN });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Chrome on Android' }));
    await waitFor(() => expect(deletes).toEqual(['d-phone']));
    expect(browser.unsubscribe).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Chrome on Linux' }));
    await waitFor(() => expect(deletes).toEqual(['d-phone', 'd-here']));
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledOnce());
    expect(localStorage.getItem(PUSH_DEVICE_KEY)).toBeNull();
    expect(await screen.findByText(PUSH_TEXTS.none)).toBeInTheDocument();
  });

  it('a browser without push says so and offers nothing to click', async () => {
    devicesServer();
    renderScreen(<PushDevicesPanel />, { user: ANN });
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PUSH_TEXTS.turnOn })).toBeNull();
  });

  it('names devices the way people know them', () => {
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
  });
});
