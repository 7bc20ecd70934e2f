import { Button } from '@paycadence/web-kit';
import { useEffect, useState } from 'react';
import type { UpdateChannel } from './service-worker';
import './pwa.css';

export const UPDATE_READY_TEXT = 'A new version of PayCadence is ready.';

/**
 * Says that a new version is ready and reloads only on the person's word: a reload mid-form would lose what they
 * typed, so "Later" keeps this version until the next visit.
 */
export function UpdateNotice({ channel }: { channel: UpdateChannel | null }) {
  const [ready, setReady] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => channel?.onUpdateReady(() => setReady(true)), [channel]);
  if (!ready || dismissed || !channel) return null;
  return (
    <div className="pc-update" role="status">
      <p className="pc-update__text">{UPDATE_READY_TEXT}</p>
      <div className="pc-update__actions">
        <Button size="sm" onClick={() => channel.applyUpdate()}>
          Reload
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setDismissed(true)}>
          Later
        </Button>
      </div>
    </div>
  );
}
