import { AUDIT_KIND_LABELS, type AuditEntry } from '@paycadence/contracts';
import { formatDateTime, shortUserAgent } from '../model/format.js';
import { EmailText } from './EmailText.js';

/** A party of an event by e-mail, else by id; null for nobody. */
const who = (party: AuditEntry['actor']) => (party.email ? <EmailText email={party.email} /> : party.id);

function Details({ details }: { details: AuditEntry['details'] }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <span className="ac-muted">None</span>;
  return (
    <ul className="ac-details">
      {entries.map(([key, value]) => (
        <li key={key}>
          <span className="ac-details__key">{key}:</span> {value === null ? 'none' : String(value)}
        </li>
      ))}
    </ul>
  );
}

/** The audit log entries, newest first: when, what, who, about whom, from where, details. */
export function LogTable({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  return (
    <table className="ac-table ac-table--logs" aria-busy={busy || undefined}>
      <caption className="pc-visually-hidden">Audit log entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What</th>
          <th scope="col">Who</th>
          <th scope="col">About whom</th>
          <th scope="col">From where</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const agent = shortUserAgent(entry.userAgent);
          return (
            <tr key={entry.id}>
              <td data-label="When" className="ac-table__date">
                <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
              </td>
              <td data-label="What" className="ac-table__strong">
                {AUDIT_KIND_LABELS[entry.kind] ?? entry.kind}
              </td>
              <td data-label="Who" className="ac-table__email">
                {who(entry.actor) ?? 'Anonymous'}
              </td>
              <td data-label="About whom" className="ac-table__email">
                {who(entry.subject) ?? <span className="ac-muted">Nobody</span>}
              </td>
              <td data-label="From where">
                <div>
                  <span className="ac-where">{entry.ip ?? 'Unknown address'}</span>
                  {agent && (
                    <span className="ac-where ac-muted" title={entry.userAgent ?? undefined}>
                      {agent}
                    </span>
                  )}
                </div>
              </td>
              <td data-label="Details">
                <Details details={entry.details} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
