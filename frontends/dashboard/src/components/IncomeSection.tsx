import { Alert, Badge, Button, formatDate } from '@payday/web-kit';
import { useState } from 'react';
import type { IncomeFormValues, IncomePayload, IncomeRow } from '../api/finance-schemas.js';
import type { FinanceApi } from '../api/finance-api.js';
import { incomeFromRow } from '../model/dashboard-model.js';
import { FREQUENCY_LABELS } from '../model/labels.js';
import { MESSAGES } from '../model/messages.js';
import { useRecordMutation } from '../hooks/useRecordMutation.js';
import { IncomeForm } from './IncomeForm.js';
import { Money } from './Money.js';
import { RecordSection } from './RecordSection.js';

type FormState = { mode: 'add' } | { mode: 'edit'; row: IncomeRow } | null;

function toFormValues(row: IncomeRow): IncomeFormValues {
  const income = incomeFromRow(row);
  return {
    source: row.source,
    amount: income ? (income.amountCents / 100).toFixed(2) : String(row.amount),
    frequency: row.frequency,
    next_date: income?.nextDate ?? '',
  };
}

/** Income Sources list with add, edit and delete (spec part 2 §2, §4, §5, §8). */
export function IncomeSection({ rows, api }: { rows: readonly IncomeRow[]; api: FinanceApi }) {
  const [form, setForm] = useState<FormState>(null);
  const [formKey, setFormKey] = useState(0);
  const save = useRecordMutation((vars: { id?: string; body: IncomePayload }) => (vars.id ? api.updateIncome(vars.id, vars.body) : api.createIncome(vars.body)));
  const remove = useRecordMutation((id: string) => api.deleteIncome(id));

  const close = () => {
    setForm(null);
    save.reset();
    setFormKey((k) => k + 1);
  };
  const submit = (body: IncomePayload) =>
    save.mutate({ id: form?.mode === 'edit' ? form.row.id : undefined, body }, { onSuccess: close });

  return (
    <RecordSection id="db-income" title="Income Sources" count={rows.length} addLabel="Add income" onAdd={() => { save.reset(); setForm({ mode: 'add' }); setFormKey((k) => k + 1); }}>
      {form && (
        <IncomeForm
          key={formKey}
          mode={form.mode}
          initial={form.mode === 'edit' ? toFormValues(form.row) : undefined}
          saving={save.isPending}
          error={save.isError ? MESSAGES.saveIncomeFailed : null}
          onSubmit={submit}
          onCancel={close}
        />
      )}
      {remove.isError && <Alert tone="error">{MESSAGES.deleteIncomeFailed}</Alert>}
      {rows.length === 0 ? (
        <p className="db-empty">{MESSAGES.noIncome}</p>
      ) : (
        <ul className="db-records" aria-label="Income sources">
          {rows.map((row) => {
            const income = incomeFromRow(row);
            return (
              <li key={row.id} className="db-record">
                <div className="db-record__main">
                  <span className="db-record__name">{row.source}</span>
                  <span className="db-record__meta">
                    <span className="db-muted db-small">Next {formatDate(income?.nextDate ?? row.next_date ?? row.nextDate)}</span>
                    <Badge tone="primary">{FREQUENCY_LABELS[row.frequency]}</Badge>
                  </span>
                </div>
                <Money cents={income?.amountCents ?? 0} className="db-record__amount db-in" />
                <div className="db-record__actions">
                  <Button variant="ghost" size="sm" aria-label={`Edit ${row.source}`} onClick={() => { save.reset(); setForm({ mode: 'edit', row }); setFormKey((k) => k + 1); }}>
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" className="db-danger" busy={remove.isPending && remove.variables === row.id} busyText="Deleting..." aria-label={`Delete ${row.source}`} onClick={() => remove.mutate(row.id)}>
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </RecordSection>
  );
}
