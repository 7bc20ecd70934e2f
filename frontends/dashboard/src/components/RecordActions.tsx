import type { DashboardShared } from '@paycadence/contracts';
import { Button } from '@paycadence/web-kit';

export interface RecordActionsProps {
  /** The record's name, for the buttons' accessible names ('Edit Rent', 'Delete Rent'). */
  label: string;
  shared: DashboardShared | undefined;
  onEdit: () => void;
  onDelete: () => void;
}

/** Edit and Delete of a bill or income row; a member (neither owner nor partner) sees a shared item but may not change it. */
export function RecordActions({ label, shared, onEdit, onDelete }: RecordActionsProps) {
  if (shared && !shared.canEdit) return null;
  return (
    <div className="db-record__actions">
      <Button variant="ghost" size="sm" aria-label={`Edit ${label}`} onClick={onEdit}>
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="db-danger"
        aria-label={`Delete ${label}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </div>
  );
}
