import { syncFreshness } from '@paycadence/contracts';

const COLOUR_WORD = { green: 'up to date', yellow: 'a while ago', red: 'out of date' } as const;

/**
 * docs/product/signed-in.md §4 sync freshness: a coloured dot (green under 1 hour, yellow under 24 hours, else red) and
 * the relative time in words, so the colour is never the only signal. A statement-fed account says 'Last import'
 * instead, with the same colours: an old statement is as stale as an old sync.
 */
export function Freshness({ lastSyncedAt, now, label = 'Last synced' }: { lastSyncedAt: string | null; now: number; label?: string }) {
  const { colour, text } = syncFreshness(lastSyncedAt, now);
  return (
    <span className={`ca-freshness ca-freshness--${colour}`} data-colour={colour}>
      <span className="ca-freshness__dot" aria-hidden="true" />
      <span>
        {label}: <span className="ca-freshness__text">{text}</span>
        <span className="pc-visually-hidden"> ({COLOUR_WORD[colour]})</span>
      </span>
    </span>
  );
}
