import { BILL_CATEGORY_VALUES, BILL_PRIORITY_VALUES, BILL_RECURRENCE_VALUES, type BillCreateInput } from '@paycadence/contracts';
import { Alert, Button, Select, TextField, useFirstErrorFocus } from '@paycadence/web-kit';
import { useEffect, useState, type FormEvent } from 'react';
import type { ShareTarget } from '../hooks/useShareTargets.js';
import { ShareSelect } from './ShareSelect.js';
import { BILL_FORM_DEFAULTS, parseBillForm, type BillFormValues } from '../model/record-forms.js';
import { CATEGORY_LABELS, PRIORITY_LABELS, RECURRENCE_LABELS } from '../model/labels.js';

export interface BillFormProps {
  /** Edit mode prefills these; add mode starts from the defaults (docs/product/signed-in.md §4). */
  initial?: BillFormValues;
  mode: 'add' | 'edit';
  saving: boolean;
  error?: string | null;
  onSubmit: (payload: BillCreateInput) => void;
  onCancel: () => void;
  /** Households the item may be shared with; none: the select is hidden and household_id not sent. */
  shareTargets?: readonly ShareTarget[];
  /** The household the edited item belongs to ('' or absent: personal). */
  initialHouseholdId?: string;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** docs/product/signed-in.md §5: name, amount and due date required; amount step 0.01. */
export function BillForm({ initial, mode, saving, error, onSubmit, onCancel, shareTargets = [], initialHouseholdId = '' }: BillFormProps) {
  const [householdId, setHouseholdId] = useState(initialHouseholdId);
  const [values, setValues] = useState<BillFormValues>(initial ?? BILL_FORM_DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: errorRef, reveal: revealError } = useFirstErrorFocus<HTMLFormElement>();
  // The server's refusal arrives as a prop, after the submit.
  useEffect(() => {
    if (error) revealError();
  }, [error, revealError]);
  const set = (field: keyof BillFormValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBillForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      revealError();
      return;
    }
    // household_id only when the user could choose it, so a failed households load never unshares on edit.
    onSubmit(shareTargets.length ? { ...parsed.payload, household_id: householdId || null } : parsed.payload);
  };

  const title = mode === 'edit' ? 'Edit bill' : 'Add a bill';
  return (
    <form ref={errorRef} className="db-form" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="db-form__title">{title}</h3>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="db-form__grid">
        <TextField label="Bill name" name="name" value={values.name} onChange={set('name')} required error={errors.name} autoComplete="off" />
        <TextField
          label="Amount ($)"
          name="amount"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={values.amount}
          onChange={set('amount')}
          required
          error={errors.amount}
        />
        <TextField label="Due date" name="due_date" type="date" value={values.due_date} onChange={set('due_date')} required error={errors.due_date} />
        <Select label="Priority" name="priority" value={values.priority} onChange={set('priority')} options={options(BILL_PRIORITY_VALUES, PRIORITY_LABELS)} />
        <Select label="Category" name="category" value={values.category} onChange={set('category')} options={options(BILL_CATEGORY_VALUES, CATEGORY_LABELS)} />
        <Select label="Repeats" name="recurring" value={values.recurring} onChange={set('recurring')} options={options(BILL_RECURRENCE_VALUES, RECURRENCE_LABELS)} />
        {shareTargets.length > 0 && <ShareSelect targets={shareTargets} value={householdId} onChange={setHouseholdId} />}
      </div>
      <div className="db-form__actions">
        <Button type="submit" busy={saving} busyText="Saving...">
          {mode === 'edit' ? 'Update bill' : 'Add bill'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
