import { FINANCE_ENDPOINTS, type BillCreateInput, type DashboardBill } from '@paycadence/contracts';
import { useMemo } from 'react';
import { ApiError, isOfflineRefusal, OFFLINE_WRITE_MESSAGE, Badge, formatDate, type ApiClient } from '@paycadence/web-kit';
import { CATEGORY_LABELS, PRIORITY_LABELS, PRIORITY_TONES, RECURRENCE_LABELS } from '../model/labels.js';
import { MESSAGES } from '../model/messages.js';
import { billFormValues } from '../model/record-forms.js';
import { useAddRequest } from '../hooks/useAddRequest.js';
import { useLinkedBill } from '../hooks/useLinkedBill.js';
import { useRecordEditor } from '../hooks/useRecordEditor.js';
import { BillForm } from './BillForm.js';
import { Money } from './Money.js';
import { RecordSection } from './RecordSection.js';
import { RecordActions } from './RecordActions.js';
import { SharedMarker } from './SharedMarker.js';
import { shareTargetsFor, useShareTargets } from '../hooks/useShareTargets.js';

/** Bills list with add, edit and delete (docs/product/signed-in.md §2, §4, §5, §8). */
export function BillsSection({ rows, api, addRequest = 0 }: { addRequest?: number; rows: readonly DashboardBill[]; api: ApiClient }) {
  const { form, formKey, save, pendingDeletes, openAdd, openEdit, close, submit, scheduleDelete } = useRecordEditor<DashboardBill, BillCreateInput>({
    create: (body) => api.call(FINANCE_ENDPOINTS.createBill, { body }),
    update: (id, body) => api.call(FINANCE_ENDPOINTS.updateBill, { params: { id }, body }),
    // keepalive: a delete still waiting out its undo offer is sent as the page unloads.
    remove: (id) => api.call(FINANCE_ENDPOINTS.deleteBill, { params: { id } }, { keepalive: true }),
  }, { noun: 'Bill', deleteFailed: MESSAGES.deleteBillFailed });
  const shown = rows.filter((row) => !pendingDeletes.has(row.id));
  // After Undo the restored row's Delete button; after the delete the section's own heading.
  const focusAfterDelete = (id: string) => () =>
    document.querySelector<HTMLElement>(`[data-record-id="${id}"] .db-danger`) ?? document.querySelector<HTMLElement>('#db-bills-title button');
  const shareTargets = useShareTargets(api);
  useAddRequest(addRequest, openAdd, formKey, 'db-bills');
  // A refusal naming fields (the allowed days) is shown beside them; one object per answer, as the income form's.
  const serverFieldErrors = useMemo(() => (save.error instanceof ApiError ? save.error.errors : undefined), [save.error]);
  const linked = useLinkedBill(shown.map((row) => row.id));

  return (
    <RecordSection id="db-bills" title="Bills" count={shown.length} addLabel="Add bill" onAdd={openAdd}>
      {form && (
        <BillForm
          key={formKey}
          mode={form.mode}
          initial={form.mode === 'edit' ? billFormValues(form.row) : undefined}
          saving={save.isPending}
          error={save.isError ? (isOfflineRefusal(save.error) ? OFFLINE_WRITE_MESSAGE : MESSAGES.saveBillFailed) : null}
          fieldErrors={serverFieldErrors}
          onSubmit={submit}
          onCancel={close}
          shareTargets={shareTargetsFor(shareTargets, form.mode === 'edit' ? form.row.shared : undefined)}
          initialHouseholdId={form.mode === 'edit' ? (form.row.shared?.householdId ?? '') : ''}
          initialDueDay={form.mode === 'edit' ? form.row.dueDay : undefined}
        />
      )}
      {shown.length === 0 ? (
        <p className="db-empty">{MESSAGES.noBills}</p>
      ) : (
        <ul className="db-records" aria-label="Bills">
          {shown.map((row) => (
            <li
              key={row.id}
              className="db-record"
              data-record-id={row.id}
              {...(row.id === linked ? { 'data-linked': true, tabIndex: -1, 'aria-current': 'true' as const } : {})}
            >
              <div className="db-record__main">
                <span className="db-record__name">{row.name}</span>
                <span className="db-record__meta">
                  <span className="db-muted db-small">Due {formatDate(row.dueDate)}</span>
                  <Badge tone={PRIORITY_TONES[row.priority]}>{PRIORITY_LABELS[row.priority]}</Badge>
                  <Badge>{CATEGORY_LABELS[row.category]}</Badge>
                  {row.recurring !== 'once' && <Badge tone="primary">{RECURRENCE_LABELS[row.recurring]}</Badge>}
                </span>
                <SharedMarker shared={row.shared} />
              </div>
              <Money cents={row.amountCents} className="db-record__amount" />
              <RecordActions
                label={row.name}
                shared={row.shared}
                onEdit={() => openEdit(row)}
                onDelete={() => scheduleDelete(row, focusAfterDelete(row.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
