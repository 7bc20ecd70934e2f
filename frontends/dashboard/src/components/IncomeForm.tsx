import { INCOME_FREQUENCY_VALUES, type IncomeCreateInput } from '@payday/contracts';
import { Alert, Button, Select, TextField, useFirstErrorFocus } from '@payday/web-kit';
import { useEffect, useState, type FormEvent } from 'react';
import type { ShareTarget } from '../hooks/useShareTargets.js';
import { ShareSelect } from './ShareSelect.js';
import { INCOME_FORM_DEFAULTS, parseIncomeForm, type IncomeFormValues } from '../model/record-forms.js';
import { FREQUENCY_LABELS } from '../model/labels.js';

export interface IncomeFormProps {
  initial?: IncomeFormValues;
  mode: 'add' | 'edit';
  saving: boolean;
  error?: string | null;
  onSubmit: (payload: IncomeCreateInput) => void;
  onCancel: () => void;
  /** Households the item may be shared with (issue 11); none: the select is hidden and household_id not sent. */
  shareTargets?: readonly ShareTarget[];
  /** The household the edited item belongs to ('' or absent: personal). */
  initialHouseholdId?: string;
}

/** spec part 2 §5: source, amount and next date required; amount step 0.01; frequency defaults to monthly. */
export function IncomeForm({ initial, mode, saving, error, onSubmit, onCancel, shareTargets = [], initialHouseholdId = '' }: IncomeFormProps) {
  const [householdId, setHouseholdId] = useState(initialHouseholdId);
  const [values, setValues] = useState<IncomeFormValues>(initial ?? INCOME_FORM_DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: errorRef, reveal: revealError } = useFirstErrorFocus<HTMLFormElement>();
  // The server's refusal arrives as a prop, after the submit.
  useEffect(() => {
    if (error) revealError();
  }, [error, revealError]);
  const set = (field: keyof IncomeFormValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseIncomeForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      revealError();
      return;
    }
    // household_id only when the user could choose it, so a failed households load never unshares on edit.
    onSubmit(shareTargets.length ? { ...parsed.payload, household_id: householdId || null } : parsed.payload);
  };

  const title = mode === 'edit' ? 'Edit income source' : 'Add an income source';
  return (
    <form ref={errorRef} className="db-form" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="db-form__title">{title}</h3>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="db-form__grid">
        <TextField label="Source" name="source" value={values.source} onChange={set('source')} required error={errors.source} autoComplete="off" />
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
        <Select
          label="Frequency"
          name="frequency"
          value={values.frequency}
          onChange={set('frequency')}
          options={INCOME_FREQUENCY_VALUES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
        />
        <TextField label="Next pay date" name="next_date" type="date" value={values.next_date} onChange={set('next_date')} required error={errors.next_date} />
        {shareTargets.length > 0 && <ShareSelect targets={shareTargets} value={householdId} onChange={setHouseholdId} />}
      </div>
      <div className="db-form__actions">
        <Button type="submit" busy={saving} busyText="Saving...">
          {mode === 'edit' ? 'Update income' : 'Add income'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
