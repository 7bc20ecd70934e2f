import { FINANCE_ENDPOINTS, type PushDevice } from '@paycadence/contracts';
import { Alert, Button, formatDate, showToast, useAuth } from '@paycadence/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { deviceLabel, PUSH_DEVICE_KEY, pushSupport, subscribeThisDevice, unsubscribeThisDevice } from './push-device';

export const PUSH_TEXTS = {
  heading: 'Reminders on your devices',
  intro: 'Bill and payday reminders can also arrive as notifications on this phone or computer. They show only the bill, its amount and its date.',
  turnOn: 'Turn on reminders on this device',
  turnedOn: 'Reminders are on for this device.',
  thisDevice: 'This device',
  unsupported: 'This browser cannot show reminders from PayCadence. On an iPhone, add PayCadence to your Home Screen first (Account menu, Install app).',
  blocked: "Notifications are blocked for PayCadence in this browser. Allow them in the browser's site settings, then try again.",
  unavailable: 'This browser could not turn on reminders just now. Please try again.',
  loadFailed: 'Could not load your devices.',
  saveFailed: 'Could not turn on reminders for this device. Please try again.',
  removed: (label: string) => `${label} will no longer get reminders.`,
  removeFailed: 'Could not remove that device. Please try again.',
  none: 'No devices get reminders yet.',
} as const;

/**
 * Settings > Notifications: the devices that get reminders as notifications. "Turn on" asks the browser for
 * permission only on that click, subscribes with the server's key and sends the subscription; each device can be
 * removed (this one also ends its browser subscription).
 */
export function PushDevicesPanel({ onDevicesChanged }: { onDevicesChanged?: (count: number) => void }) {
  const { api } = useAuth();
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [support, setSupport] = useState(() => pushSupport());
  const [thisDeviceId, setThisDeviceId] = useState(() => localStorage.getItem(PUSH_DEVICE_KEY));

  const load = useCallback(async () => {
    try {
      const { devices: list } = await api.call(FINANCE_ENDPOINTS.pushDevices);
      setDevices(list);
      onDevicesChanged?.(list.length);
    } catch {
      setError(PUSH_TEXTS.loadFailed);
    }
  }, [api, onDevicesChanged]);
  useEffect(() => {
    void load();
  }, [load]);

  const turnOn = async () => {
    setBusy('on');
    setError(null);
    try {
      const { publicKey } = await api.call(FINANCE_ENDPOINTS.pushPublicKey);
      const outcome = await subscribeThisDevice(publicKey);
      if (!outcome.ok) {
        setSupport(pushSupport());
        setError(outcome.reason === 'denied' ? PUSH_TEXTS.blocked : PUSH_TEXTS.unavailable);
        return;
      }
      const { endpoint, keys } = outcome.subscription;
      const device = await api.call(FINANCE_ENDPOINTS.addPushDevice, {
        body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' }, label: deviceLabel(navigator.userAgent) },
      });
      localStorage.setItem(PUSH_DEVICE_KEY, device.id);
      setThisDeviceId(device.id);
      showToast({ message: PUSH_TEXTS.turnedOn });
      await load();
    } catch {
      setError(PUSH_TEXTS.saveFailed);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (device: PushDevice) => {
    setBusy(device.id);
    setError(null);
    try {
      await api.call(FINANCE_ENDPOINTS.removePushDevice, { params: { id: device.id } });
      if (device.id === thisDeviceId) {
        localStorage.removeItem(PUSH_DEVICE_KEY);
        setThisDeviceId(null);
        await unsubscribeThisDevice();
      }
      showToast({ message: PUSH_TEXTS.removed(device.label) });
      await load();
    } catch {
      setError(PUSH_TEXTS.removeFailed);
    } finally {
      setBusy(null);
    }
  };

  const onThisDevice = devices?.some((device) => device.id === thisDeviceId) ?? false;
  return (
    <section className="pc-notify__devices" aria-labelledby="pc-push-heading">
      <h3 id="pc-push-heading" className="pc-notify__heading">
        {PUSH_TEXTS.heading}
      </h3>
      <p className="pc-meta">{PUSH_TEXTS.intro}</p>
      {support === 'unsupported' && <Alert tone="info">{PUSH_TEXTS.unsupported}</Alert>}
      {support === 'blocked' && <Alert tone="info">{PUSH_TEXTS.blocked}</Alert>}
      {error && support === 'supported' && <Alert tone="error">{error}</Alert>}
      {devices !== null &&
        (devices.length === 0 ? (
          <p className="pc-meta">{PUSH_TEXTS.none}</p>
        ) : (
          <ul className="pc-notify__device-list" aria-label="Devices that get reminders">
            {devices.map((device) => (
              <li key={device.id} className="pc-notify__device">
                <span>
                  <strong>{device.label}</strong>
                  {device.id === thisDeviceId && <span className="pc-badge pc-badge--primary pc-notify__this">{PUSH_TEXTS.thisDevice}</span>}
                  <span className="pc-meta pc-settings__hint">Added {formatDate(device.created_at.slice(0, 10))}</span>
                </span>
                <Button size="sm" variant="secondary" busy={busy === device.id} busyText="Removing..." aria-label={`Remove ${device.label}`} onClick={() => void remove(device)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ))}
      {support === 'supported' && !onThisDevice && (
        <Button variant="secondary" busy={busy === 'on'} busyText="Turning on..." onClick={() => void turnOn()}>
          {PUSH_TEXTS.turnOn}
        </Button>
      )}
    </section>
  );
}
