import { ADMIN_MESSAGES, type AdminWaitlistEntry } from '@paycadence/contracts';
import { Button } from '@paycadence/web-kit';
import { formatShortDate } from '../model/format.js';
import { EmailText } from './EmailText.js';

export interface WaitlistTableProps {
  entries: AdminWaitlistEntry[];
  /** The entry being approved or removed (its buttons are busy, the others wait). */
  busyEntryId: string | null;
  onApprove: (entry: AdminWaitlistEntry) => void;
  onRemove: (entry: AdminWaitlistEntry) => void;
}

/** Waitlist entries (docs/product/signed-in.md §3): e-mail, name, Source, joined; Approve and Remove. */
export function WaitlistTable({ entries, busyEntryId, onApprove, onRemove }: WaitlistTableProps) {
  if (entries.length === 0) return <p className="ac-empty">{ADMIN_MESSAGES.noWaitlist}</p>;
  return (
    <table className="ac-table">
      <caption className="pc-visually-hidden">Waitlist</caption>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Name</th>
          <th scope="col">Source</th>
          <th scope="col">Joined</th>
          <th scope="col">
            <span className="pc-visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-label="Email" className="ac-table__title">
              <EmailText email={entry.email} />
            </td>
            <td data-label="Name" className="ac-table__name">{entry.name || <span className="ac-muted">No name</span>}</td>
            <td data-label="Source">{entry.referral_source || <span className="ac-muted">Unknown</span>}</td>
            <td data-label="Joined" className="ac-table__date">
              {formatShortDate(entry.created_at, 'Unknown')}
            </td>
            <td className="ac-table__actions">
              <Button
                size="sm"
                aria-label={`Approve ${entry.email}`}
                busy={busyEntryId === entry.id}
                busyText="Approving..."
                disabled={busyEntryId !== null && busyEntryId !== entry.id}
                onClick={() => onApprove(entry)}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                className="ac-btn-remove"
                aria-label={`Remove ${entry.email}`}
                disabled={busyEntryId !== null}
                onClick={() => onRemove(entry)}
              >
                Remove
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
