import { STATEMENT_MESSAGES, type StatementImportList } from '@paycadence/contracts';
import { Alert, Button, Spinner, formatDate, formatDateTime } from '@paycadence/web-kit';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { TEXT } from '../model/messages.js';

export interface StatementImportsProps {
  query: UseQueryResult<StatementImportList>;
  /** The import being undone. */
  undoing: string | null;
  onUndo: (importId: string) => void;
}

/** The recent statement imports, newest first, each undoable as a whole (a wrong file, the wrong account). */
export function StatementImports({ query, undoing, onUndo }: StatementImportsProps) {
  // The undone import's row (and its button, which had the focus) goes: the focus stays in this list's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasUndoing = useRef<string | null>(null);
  useEffect(() => {
    if (wasUndoing.current && !undoing) headingRef.current?.focus();
    wasUndoing.current = undoing;
  }, [undoing]);
  return (
    <section className="ca-imports" aria-labelledby="ca-imports-title">
      <h3 id="ca-imports-title" ref={headingRef} tabIndex={-1} className="ca-imports__title">
        Statement imports
      </h3>
      {query.isPending ? (
        <Spinner inline label="Loading your statement imports..." />
      ) : query.isError ? (
        <Alert tone="error">
          {TEXT.loadImportsFailed}{' '}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.data.imports.length === 0 ? (
        <p className="ca-muted ca-small">No statement imports to undo.</p>
      ) : (
        <ul className="ca-imports__list">
          {query.data.imports.map((entry) => (
            <li key={entry.id} className="ca-import">
              <div className="ca-import__main">
                <p className="ca-import__file">{entry.file_name}</p>
                <p className="ca-muted ca-small">
                  {entry.account_name} · imported {formatDateTime(entry.created_at)} · {entry.added.toLocaleString('en-US')} added
                  {entry.first_date && entry.last_date && (
                    <>
                      {' '}
                      · <time dateTime={entry.first_date}>{formatDate(entry.first_date)}</time> to{' '}
                      <time dateTime={entry.last_date}>{formatDate(entry.last_date)}</time>
                    </>
                  )}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onUndo(entry.id)}
                busy={undoing === entry.id}
                busyText="Undoing..."
                disabled={undoing !== null}
                aria-label={`${STATEMENT_MESSAGES.undo}: ${entry.file_name}`}
              >
                {STATEMENT_MESSAGES.undo}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
