import { Button, Card } from '@paycadence/web-kit';
import { useState, type ReactNode } from 'react';

/** A collapsible list card with an add button (docs/product/signed-in.md §2: collapsible Bills and Income Sources). */
export function RecordSection({
  id,
  title,
  count,
  addLabel,
  onAdd,
  children,
}: {
  id: string;
  title: string;
  count: number;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Card className="db-section" aria-labelledby={`${id}-title`}>
      <div className="db-section__head db-section__head--nowrap">
        <h2 id={`${id}-title`} className="db-section__title">
          <button type="button" className="db-collapse" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((v) => !v)}>
            <span aria-hidden="true" className="db-collapse__chevron">
              {open ? '▾' : '▸'}
            </span>
            {title} <span className="db-count">{count}</span>
          </button>
        </h2>
        <Button size="sm" onClick={() => { setOpen(true); onAdd(); }}>
          {addLabel}
        </Button>
      </div>
      <div id={`${id}-body`} hidden={!open}>
        {children}
      </div>
    </Card>
  );
}
