import { Button, Select, Spinner, TextField } from '@paycadence/web-kit';
import { useState, type FormEvent } from 'react';
import { useAuditLog } from '../api/admin-queries.js';
import { AdminPage } from '../components/AdminPage.js';
import { LogTable } from '../components/LogTable.js';
import { MessageLine } from '../components/MessageLine.js';
import { QueueBoardButton } from '../components/QueueBoardButton.js';
import { KIND_OPTIONS, NO_FILTERS, pageCount, toLogQuery, type LogFilters } from '../model/log-filters.js';
import { serverReason, type ActionMessage } from '../model/messages.js';

export const LOGS_TITLE = 'System Logs';
export const LOGS_SUBTITLE = 'Every admin action and security event: who did what, to whom, when and from where.';
export const LOGS_EMPTY = 'No log entries match these filters.';
export const LOGS_FAILED = 'Could not load the system logs.';

const initialQuery = (() => {
  const result = toLogQuery(NO_FILTERS);
  if (!result.ok) throw new Error('the empty filter is always valid');
  return result.query;
})();

function AuditLog() {
  const [draft, setDraft] = useState<LogFilters>(NO_FILTERS);
  const [errors, setErrors] = useState<Partial<Record<keyof LogFilters, string>>>({});
  const [applied, setApplied] = useState<LogFilters>(NO_FILTERS);
  const [query, setQuery] = useState(initialQuery);
  const log = useAuditLog(query);

  const set = (field: keyof LogFilters) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));

  const apply = (filters: LogFilters, page = 1) => {
    const result = toLogQuery(filters, page);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setApplied(filters);
    setQuery(result.query);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    apply(NO_FILTERS);
  };

  const data = log.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const goTo = (page: number) => apply(applied, page);

  return (
    <>
      <form className="ac-filters" onSubmit={submit} aria-label="Filter the log" noValidate>
        <Select label="Kind" name="kind" options={KIND_OPTIONS} value={draft.kind} onChange={set('kind')} error={errors.kind} className="ac-filters__kind" />
        <TextField label="User (id or e-mail)" name="user" value={draft.user} onChange={set('user')} error={errors.user} className="ac-filters__user" autoComplete="off" />
        <TextField label="From" type="date" name="from" value={draft.from} onChange={set('from')} error={errors.from} className="ac-filters__date" />
        <TextField label="To" type="date" name="to" value={draft.to} onChange={set('to')} error={errors.to} className="ac-filters__date" />
        <div className="ac-filters__actions">
          <Button type="submit">Apply filters</Button>
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
        </div>
      </form>

      {log.isPending ? (
        <Spinner label="Loading logs..." />
      ) : log.isError ? (
        <div className="pc-alert pc-alert--error ac-log-error" role="alert">
          <p className="ac-message__text">{LOGS_FAILED}</p>
          {serverReason(log.error) && <p className="ac-message__detail">{serverReason(log.error)}</p>}
          <Button size="sm" variant="secondary" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.entries.length === 0 ? (
        <p className="ac-empty">{LOGS_EMPTY}</p>
      ) : data ? (
        <>
          <div className="ac-table-card">
            <LogTable entries={data.entries} busy={log.isFetching} />
          </div>
          <nav className="ac-pager" aria-label="Log pages">
            <Button variant="secondary" size="sm" onClick={() => goTo(data.page - 1)} disabled={data.page <= 1 || log.isFetching}>
              Previous
            </Button>
            <p className="ac-pager__text" aria-live="polite">
              Page {data.page} of {pages}
              <span className="ac-muted"> · {data.total === 1 ? '1 entry' : `${data.total} entries`}</span>
            </p>
            <Button variant="secondary" size="sm" onClick={() => goTo(data.page + 1)} disabled={data.page >= pages || log.isFetching}>
              Next
            </Button>
          </nav>
        </>
      ) : null}
    </>
  );
}

/** /admin/logs: the audit log (a real log in place of the product's coming-soon placeholder). */
export function SystemLogsPage() {
  const [message, setMessage] = useState<ActionMessage | null>(null);
  return (
    <AdminPage title={LOGS_TITLE} subtitle={LOGS_SUBTITLE} actions={<QueueBoardButton onFailure={setMessage} />}>
      <MessageLine message={message} />
      <AuditLog />
    </AdminPage>
  );
}
