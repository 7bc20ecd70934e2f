import { INCOME_FREQUENCY_VALUES, type IncomeCreateInput, type IncomeFrequencyValue } from '@paycadence/contracts';
import { Alert, Button, Checkbox, Select, TextField, useFirstErrorFocus } from '@paycadence/web-kit';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ShareTarget } from '../hooks/useShareTargets.js';
import { ShareSelect } from './ShareSelect.js';
import {
  INCOME_FORM_DEFAULTS,
  PAY_DAY_CHOICES,
  SCHOOL_YEAR_MONTHS,
  defaultPayDays,
  isMonthBased,
  parseIncomeForm,
  type IncomeFormValues,
} from '../model/record-forms.js';
import { FREQUENCY_LABELS, MONTH_SHORT_NAMES, payDayLabel } from '../model/labels.js';

export interface IncomeFormProps {
  initial?: IncomeFormValues;
  mode: 'add' | 'edit';
  saving: boolean;
  error?: string | null;
  /** The server's refusal per field ('pay_days', 'next_date', ...), shown beside each field. */
  fieldErrors?: Readonly<Record<string, string>>;
  onSubmit: (payload: IncomeCreateInput) => void;
  onCancel: () => void;
  /** Households the item may be shared with; none: the select is hidden and household_id not sent. */
  shareTargets?: readonly ShareTarget[];
  /** The household the edited item belongs to ('' or absent: personal). */
  initialHouseholdId?: string;
}

const MONTH_LONG_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const PAY_DAY_OPTIONS = PAY_DAY_CHOICES.map((day) => ({ value: String(day), label: payDayLabel(day) }));
const EVERY_MONTH = 'every-month';
const SCHOOL_YEAR = 'school-year';

/** Source, amount and next date required; amount step 0.01; frequency defaults to monthly; the pay schedule's extras. */
export function IncomeForm({ initial, mode, saving, error, fieldErrors, onSubmit, onCancel, shareTargets = [], initialHouseholdId = '' }: IncomeFormProps) {
  const id = useId();
  const [householdId, setHouseholdId] = useState(initialHouseholdId);
  const [values, setValues] = useState<IncomeFormValues>(initial ?? INCOME_FORM_DEFAULTS);
  // Until the user picks the pay days, they follow the next date (the 15th or a month end: 15th and last day).
  const [payDaysChosen, setPayDaysChosen] = useState(initial?.frequency === 'twice-monthly');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: errorRef, reveal: revealError } = useFirstErrorFocus<HTMLFormElement>();
  // The server's refusal arrives as a prop, after the submit.
  useEffect(() => {
    if (fieldErrors && Object.keys(fieldErrors).length > 0) setErrors((e) => ({ ...e, ...fieldErrors }));
    if (error) revealError();
  }, [error, fieldErrors, revealError]);

  const payDays = payDaysChosen ? values.pay_days : defaultPayDays(values.next_date);
  const update = (changes: Partial<IncomeFormValues>, ...fields: string[]) => {
    setValues((v) => ({ ...v, ...changes }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, ''])) }));
  };
  const set = (field: 'source' | 'amount' | 'next_date' | 'low_amount') => (event: { target: { value: string } }) =>
    update({ [field]: event.target.value }, field, ...(field === 'amount' ? ['low_amount'] : []));
  const setPayDay = (index: 0 | 1) => (event: { target: { value: string } }) => {
    const next: [number, number] = [...payDays];
    next[index] = Number(event.target.value);
    setPayDaysChosen(true);
    update({ pay_days: next }, 'pay_days', 'next_date');
  };
  const toggleMonth = (month: number) =>
    update(
      { paid_months: values.paid_months.includes(month) ? values.paid_months.filter((m) => m !== month) : [...values.paid_months, month].sort((a, b) => a - b) },
      'paid_months',
      'next_date',
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseIncomeForm({ ...values, pay_days: payDays });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      revealError();
      return;
    }
    // household_id only when the user could choose it, so a failed households load never unshares on edit.
    onSubmit(shareTargets.length ? { ...parsed.payload, household_id: householdId || null } : parsed.payload);
  };

  const twiceMonthly = values.frequency === 'twice-monthly';
  const monthBased = isMonthBased(values.frequency);
  const payDaysErrorId = `${id}-pay-days-error`;
  const monthsErrorId = `${id}-months-error`;
  const title = mode === 'edit' ? 'Edit income source' : 'Add an income source';
  return (
    <form ref={errorRef} className="db-form" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="db-form__title">{title}</h3>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="db-form__grid">
        <TextField label="Source" name="source" value={values.source} onChange={set('source')} required error={errors.source} autoComplete="off" />
        <TextField
          label={values.varies ? 'Typical amount ($)' : 'Amount ($)'}
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
        <Checkbox
          className="db-form__wide"
          label="My pay varies"
          name="varies"
          checked={values.varies}
          onChange={(event) => update({ varies: event.target.checked }, 'low_amount')}
        />
        {values.varies && (
          <TextField
            label="Low amount ($)"
            name="low_amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={values.low_amount}
            onChange={set('low_amount')}
            required
            hint="What a lean paycheck brings. Safe to spend counts this one."
            error={errors.low_amount}
          />
        )}
        <Select
          label="Frequency"
          name="frequency"
          value={values.frequency}
          onChange={(event) => update({ frequency: event.target.value as IncomeFrequencyValue }, 'pay_days', 'paid_months', 'next_date')}
          options={INCOME_FREQUENCY_VALUES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
        />
        <TextField label="Next pay date" name="next_date" type="date" value={values.next_date} onChange={set('next_date')} required error={errors.next_date} />
        {twiceMonthly && (
          <fieldset className="db-form__wide db-fieldset" aria-describedby={errors.pay_days ? payDaysErrorId : undefined}>
            <legend className="pc-field__label">Pay days</legend>
            <div className="db-fieldset__row">
              {([0, 1] as const).map((index) => (
                <Select
                  key={index}
                  label={index === 0 ? 'First pay day' : 'Second pay day'}
                  name={`pay_day_${index + 1}`}
                  value={String(payDays[index])}
                  onChange={setPayDay(index)}
                  options={PAY_DAY_OPTIONS}
                  aria-invalid={errors.pay_days ? true : undefined}
                  aria-describedby={errors.pay_days ? payDaysErrorId : undefined}
                />
              ))}
            </div>
            {errors.pay_days && (
              <p id={payDaysErrorId} className="pc-field__error" role="alert">
                {errors.pay_days}
              </p>
            )}
          </fieldset>
        )}
        {monthBased && (
          <Select
            label="Months paid"
            name="paid_months_choice"
            value={values.school_year ? SCHOOL_YEAR : EVERY_MONTH}
            onChange={(event) =>
              update(
                // Choosing the school year starts from September to June, whatever was ticked before.
                event.target.value === SCHOOL_YEAR ? { school_year: true, paid_months: [...SCHOOL_YEAR_MONTHS] } : { school_year: false },
                'paid_months',
                'next_date',
              )
            }
            options={[
              { value: EVERY_MONTH, label: 'Paid every month' },
              { value: SCHOOL_YEAR, label: 'School year (choose the months paid)' },
            ]}
          />
        )}
        {monthBased && values.school_year && (
          <fieldset className="db-form__wide db-fieldset" aria-describedby={errors.paid_months ? monthsErrorId : undefined}>
            <legend className="pc-field__label">Months with a paycheck</legend>
            <div className="db-months">
              {MONTH_SHORT_NAMES.map((name, index) => (
                <Checkbox
                  key={name}
                  label={name}
                  aria-label={MONTH_LONG_NAMES[index]}
                  name="paid_months"
                  value={String(index + 1)}
                  checked={values.paid_months.includes(index + 1)}
                  onChange={() => toggleMonth(index + 1)}
                  aria-invalid={errors.paid_months ? true : undefined}
                  aria-describedby={errors.paid_months ? monthsErrorId : undefined}
                />
              ))}
            </div>
            {errors.paid_months && (
              <p id={monthsErrorId} className="pc-field__error" role="alert">
                {errors.paid_months}
              </p>
            )}
          </fieldset>
        )}
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
