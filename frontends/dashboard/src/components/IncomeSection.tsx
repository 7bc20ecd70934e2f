import { FINANCE_ENDPOINTS, type DashboardIncome, type IncomeCreateInput } from '@paycadence/contracts';
import { ApiError, isOfflineRefusal, OFFLINE_WRITE_MESSAGE, formatDate, type ApiClient } from '@paycadence/web-kit';
import { useMemo } from 'react';
import { incomeScheduleText } from '../model/labels.js';
import { MESSAGES } from '../model/messages.js';
import { incomeFieldErrors, incomeFormValues } from '../model/record-forms.js';
import { useAddRequest } from '../hooks/useAddRequest.js';
import { useRecordEditor } from '../hooks/useRecordEditor.js';
import { IncomeForm } from './IncomeForm.js';
import { Money } from './Money.js';
import { RecordSection } from './RecordSection.js';
import { RecordActions } from './RecordActions.js';
import { SharedMarker } from './SharedMarker.js';
import { shareTargetsFor, useShareTargets } from '../hooks/useShareTargets.js';

/** A source's name, next date and schedule in words ('Twice a month · 15th and last day'). */
function IncomeRowText({ row }: { row: DashboardIncome }) {
  const { schedule, varies } = incomeScheduleText(row);
  return (
    <div className="db-record__main">
      <span className="db-record__name">{row.source}</span>
      <span className="db-muted db-small">Next {formatDate(row.nextDate)}</span>
      <span className="db-small db-record__schedule" data-testid="income-schedule">
        {schedule}
      </span>
      {varies && <span className="db-small db-record__schedule">{varies}</span>}
      <SharedMarker shared={row.shared} />
    </div>
  );
}

/** Income Sources list with add, edit and delete (docs/product/signed-in.md §2, §4, §5, §8). */
export function IncomeSection({ rows, api, addRequest = 0 }: { addRequest?: number; rows: readonly DashboardIncome[]; api: ApiClient }) {
  const { form, formKey, save, pendingDeletes, openAdd, openEdit, close, submit, scheduleDelete } = useRecordEditor<DashboardIncome, IncomeCreateInput>({
    create: (body) => api.call(FINANCE_ENDPOINTS.createIncome, { body }),
    update: (id, body) => api.call(FINANCE_ENDPOINTS.updateIncome, { params: { id }, body }),
    // keepalive: a delete still waiting out its undo offer is sent as the page unloads.
    remove: (id) => api.call(FINANCE_ENDPOINTS.deleteIncome, { params: { id } }, { keepalive: true }),
  }, { noun: 'Income source', deleteFailed: MESSAGES.deleteIncomeFailed });
  const shown = rows.filter((row) => !pendingDeletes.has(row.id));
  // After Undo the restored row's Delete button; after the delete the section's own heading.
  const focusAfterDelete = (id: string) => () =>
    document.querySelector<HTMLElement>(`[data-record-id="${id}"] .db-danger`) ?? document.querySelector<HTMLElement>('#db-income-title button');
  const shareTargets = useShareTargets(api);
  useAddRequest(addRequest, openAdd, formKey, 'db-income');
  // A refusal naming fields (a pay day, the next date) is shown beside them; one object per answer, so a re-render
  // does not bring back an error the user has since cleared.
  const serverFieldErrors = useMemo(() => (save.error instanceof ApiError ? incomeFieldErrors(save.error.errors) : undefined), [save.error]);

  return (
    <RecordSection id="db-income" title="Income Sources" count={shown.length} addLabel="Add income" onAdd={openAdd}>
      {form && (
        <IncomeForm
          key={formKey}
          mode={form.mode}
          initial={form.mode === 'edit' ? incomeFormValues(form.row) : undefined}
          saving={save.isPending}
          error={save.isError ? (isOfflineRefusal(save.error) ? OFFLINE_WRITE_MESSAGE : MESSAGES.saveIncomeFailed) : null}
          fieldErrors={serverFieldErrors}
          onSubmit={submit}
          onCancel={close}
          shareTargets={shareTargetsFor(shareTargets, form.mode === 'edit' ? form.row.shared : undefined)}
          initialHouseholdId={form.mode === 'edit' ? (form.row.shared?.householdId ?? '') : ''}
        />
      )}
      {shown.length === 0 ? (
        <p className="db-empty">{MESSAGES.noIncome}</p>
      ) : (
        <ul className="db-records" aria-label="Income sources">
          {shown.map((row) => (
            <li key={row.id} className="db-record" data-record-id={row.id}>
              <IncomeRowText row={row} />
              <Money cents={row.amountCents} className="db-record__amount db-in" />
              <RecordActions
                label={row.source}
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
