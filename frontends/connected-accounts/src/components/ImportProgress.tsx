import type { BankItemDto } from '@paycadence/contracts';

const STATE_TEXT: Partial<Record<BankItemDto['sync_state'], string>> = { queued: 'waiting to import', running: 'importing' };

/**
 * Visible progress while an import runs (docs/product/signed-in.md §4): which banks are queued or importing, from the
 * items' sync_state, and how many of the scheduled reloads are done.
 */
export function ImportProgress({ active, done, total, items }: { active: boolean; done: number; total: number; items: readonly BankItemDto[] }) {
  if (!active) return null;
  const busy = items.filter((item) => item.sync_state === 'queued' || item.sync_state === 'running');
  return (
    <div className="ca-progress" role="status" aria-live="polite">
      <div className="ca-progress__row">
        <span className="ca-pulse" aria-hidden="true" />
        <p className="ca-progress__title">Importing transactions...</p>
        <p className="ca-muted ca-small ca-progress__count">
          Checking for new data ({Math.min(done + 1, total)} of {total})
        </p>
      </div>
      <progress className="ca-progress__bar" max={total} value={done} aria-label="Import progress" />
      {busy.length > 0 && (
        <ul className="ca-progress__items">
          {busy.map((item) => (
            <li key={item.id}>
              {item.institution_name}: {STATE_TEXT[item.sync_state]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
