import { FINANCE_ENDPOINTS, type DashboardIncome, type IncomeCreateInput } from '@payday/contracts';
import { Alert, Badge, formatDate, type ApiClient } from '@payday/web-kit';
import { FREQUENCY_LABELS } from '../model/labels.js';
import { MESSAGES } from '../model/messages.js';
import { incomeFormValues } from '../model/record-forms.js';
import { useRecordEditor } from '../hooks/useRecordEditor.js';
import { IncomeForm } from './IncomeForm.js';
import { Money } from './Money.js';
import { RecordSection } from './RecordSection.js';
import { RecordActions } from './RecordActions.js';
import { SharedMarker } from './SharedMarker.js';
import { shareTargetsFor, useShareTargets } from '../hooks/useShareTargets.js';

/** Income Sources list with add, edit and delete (spec part 2 §2, §4, §5, §8). */
export function IncomeSection({ rows, api }: { rows: readonly DashboardIncome[]; api: ApiClient }) {
  const { form, formKey, save, remove, openAdd, openEdit, close, submit } = useRecordEditor<DashboardIncome, IncomeCreateInput>({
    create: (body) => api.call(FINANCE_ENDPOINTS.createIncome, { body }),
    update: (id, body) => api.call(FINANCE_ENDPOINTS.updateIncome, { params: { id }, body }),
    remove: (id) => api.call(FINANCE_ENDPOINTS.deleteIncome, { params: { id } }),
  });
  const shareTargets = useShareTargets(api);

  return (
    <RecordSection id="db-income" title="Income Sources" count={rows.length} addLabel="Add income" onAdd={openAdd}>
      {form && (
        <IncomeForm
          key={formKey}
          mode={form.mode}
          initial={form.mode === 'edit' ? incomeFormValues(form.row) : undefined}
          saving={save.isPending}
          error={save.isError ? MESSAGES.saveIncomeFailed : null}
          onSubmit={submit}
          onCancel={close}
          shareTargets={shareTargetsFor(shareTargets, form.mode === 'edit' ? form.row.shared : undefined)}
          initialHouseholdId={form.mode === 'edit' ? (form.row.shared?.householdId ?? '') : ''}
        />
      )}
      {remove.isError && <Alert tone="error">{MESSAGES.deleteIncomeFailed}</Alert>}
      {rows.length === 0 ? (
        <p className="db-empty">{MESSAGES.noIncome}</p>
      ) : (
        <ul className="db-records" aria-label="Income sources">
          {rows.map((row) => (
            <li key={row.id} className="db-record">
              <div className="db-record__main">
                <span className="db-record__name">{row.source}</span>
                <span className="db-record__meta">
                  <span className="db-muted db-small">Next {formatDate(row.nextDate)}</span>
                  <Badge tone="primary">{FREQUENCY_LABELS[row.frequency]}</Badge>
                </span>
                <SharedMarker shared={row.shared} />
              </div>
              <Money cents={row.amountCents} className="db-record__amount db-in" />
              <RecordActions
                label={row.source}
                shared={row.shared}
                deleting={remove.isPending && remove.variables === row.id}
                onEdit={() => openEdit(row)}
                onDelete={() => remove.mutate(row.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
