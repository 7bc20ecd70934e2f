import {
  BILL_CATEGORY_VALUES,
  BILL_PRIORITY_VALUES,
  BILL_RECURRENCE_VALUES,
  BillCreateSchema,
  dueDayFlexibilityFor,
  fieldErrors as schemaFieldErrors,
  FIRST_DUE_DAY,
  LAST_DUE_DAY,
  type BillCategoryValue,
  type BillCreateInput,
  type DueDayFlexibilityValue,
} from '@paycadence/contracts';
import { Alert, Button, Select, TextField, useFirstErrorFocus } from '@paycadence/web-kit';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ShareTarget } from '../hooks/useShareTargets.js';
import { ShareSelect } from './ShareSelect.js';
import { BILL_FORM_DEFAULTS, type BillFormValues } from '../model/record-forms.js';
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
  /** The edited bill's answer to "can its due date change" and the days its biller allows (BillDto's due_day_*). */
  initialDueDay?: DueDayAnswer;
  /** The server's refusal per field (`errors` of its 400), shown beside each field like the form's own checks. */
  fieldErrors?: Readonly<Record<string, string>>;
}

/** Whether the biller lets the due day move, and the days it allows (null: any day). */
export interface DueDayAnswer {
  /** Null: the person has not said (the category's usual answer applies). */
  flexible: DueDayFlexibilityValue | null;
  min: number | null;
  max: number | null;
}

const FLEXIBILITY_LABELS: Record<DueDayFlexibilityValue, string> = { yes: 'Yes', no: 'No', unknown: "Don't know" };
/** How the hint names a category's billers: "usually yes for credit cards". */
const CATEGORY_BILLERS: Record<BillCategoryValue, string | null> = {
  'credit-card': 'credit cards',
  utilities: 'utilities',
  subscriptions: 'subscriptions',
  loans: 'loans',
  insurance: 'insurance',
  'auto-payment': 'automatic payments',
  rent: 'rent',
  other: null,
};
const dayLabel = (day: number) => (day === LAST_DUE_DAY ? 'Last day of the month' : String(day));
const ALLOWED_DAY_OPTIONS = Array.from({ length: LAST_DUE_DAY - FIRST_DUE_DAY + 1 }, (_, i) => ({ value: String(i + FIRST_DUE_DAY), label: dayLabel(i + FIRST_DUE_DAY) }));
/** Server field names as the form's ('dueDate' is the due date's alias). */
const formField = (key: string) => (key.split('.')[0] === 'dueDate' ? 'due_date' : key.split('.')[0]!);

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** docs/product/signed-in.md §5: name, amount and due date required; amount step 0.01. */
export function BillForm({
  initial,
  mode,
  saving,
  error,
  onSubmit,
  onCancel,
  shareTargets = [],
  initialHouseholdId = '',
  initialDueDay,
  fieldErrors,
}: BillFormProps) {
  const [householdId, setHouseholdId] = useState(initialHouseholdId);
  const [values, setValues] = useState<BillFormValues>(initial ?? BILL_FORM_DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Null until the person answers: the select then shows the category's usual answer and the server keeps that
  // default (null), so changing the category changes it too. An edited bill's answer counts as given.
  const [flexible, setFlexible] = useState<DueDayFlexibilityValue | null>(initialDueDay?.flexible ?? null);
  const anyDay = initialDueDay && initialDueDay.min === FIRST_DUE_DAY && initialDueDay.max === LAST_DUE_DAY;
  const [allowed, setAllowed] = useState({
    min: anyDay || initialDueDay?.min == null ? '' : String(initialDueDay.min),
    max: anyDay || initialDueDay?.max == null ? '' : String(initialDueDay.max),
  });
  // Sent only once touched, so saving an edit never resets an answer the form was not given.
  const [dueDayTouched, setDueDayTouched] = useState(false);
  const rangeId = useId();
  const { ref: errorRef, reveal: revealError } = useFirstErrorFocus<HTMLFormElement>();
  // The server's refusal arrives as props, after the submit.
  useEffect(() => {
    if (fieldErrors && Object.keys(fieldErrors).length > 0) {
      setErrors((e) => ({ ...e, ...Object.fromEntries(Object.entries(fieldErrors).map(([key, message]) => [formField(key), message])) }));
    }
    if (error) revealError();
  }, [error, fieldErrors, revealError]);
  const shownFlexible = dueDayFlexibilityFor(values.category, flexible);
  const billers = CATEGORY_BILLERS[values.category];
  const flexibilityHint =
    flexible === null && billers ? `Usually ${dueDayFlexibilityFor(values.category, null) === 'no' ? 'no' : 'yes'} for ${billers}; your biller can tell you.` : undefined;
  const setDueDay = (change: () => void, ...fields: string[]) => {
    change();
    setDueDayTouched(true);
    setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, ''])) }));
  };
  const dueDayBody = () => {
    if (!dueDayTouched) return {};
    const ranged = shownFlexible !== 'no';
    return {
      due_day_flexible: flexible,
      due_day_min: ranged && allowed.min ? Number(allowed.min) : null,
      due_day_max: ranged && allowed.max ? Number(allowed.max) : null,
    };
  };
  const set = (field: keyof BillFormValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The service's own schema, the due-day answer included (libs/contracts finance.ts).
    const parsed = BillCreateSchema.safeParse({ ...values, ...dueDayBody() });
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      revealError();
      return;
    }
    // household_id only when the user could choose it, so a failed households load never unshares on edit.
    onSubmit(shareTargets.length ? { ...parsed.data, household_id: householdId || null } : parsed.data);
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
        <Select
          label="Can the biller move its due day?"
          name="due_day_flexible"
          value={shownFlexible}
          onChange={(event) => setDueDay(() => setFlexible(event.target.value as DueDayFlexibilityValue), 'due_day_flexible', 'due_day_min', 'due_day_max')}
          options={options(['yes', 'no', 'unknown'] as const, FLEXIBILITY_LABELS)}
          hint={flexibilityHint}
          error={errors.due_day_flexible}
        />
        {shareTargets.length > 0 && <ShareSelect targets={shareTargets} value={householdId} onChange={setHouseholdId} />}
        {shownFlexible !== 'no' && (
          <fieldset className="db-form__wide db-fieldset" aria-describedby={`${rangeId}-hint`}>
            <legend className="pc-field__label">Days the biller allows</legend>
            <p id={`${rangeId}-hint`} className="pc-field__hint">
              Optional. Leave both empty when any day of the month works.
            </p>
            <div className="db-fieldset__row">
              <Select
                label="From day"
                name="due_day_min"
                value={allowed.min}
                placeholder="Any"
                options={ALLOWED_DAY_OPTIONS}
                onChange={(event) => setDueDay(() => setAllowed((a) => ({ ...a, min: event.target.value })), 'due_day_min')}
                error={errors.due_day_min}
              />
              <Select
                label="To day"
                name="due_day_max"
                value={allowed.max}
                placeholder="Any"
                options={ALLOWED_DAY_OPTIONS}
                onChange={(event) => setDueDay(() => setAllowed((a) => ({ ...a, max: event.target.value })), 'due_day_max')}
                error={errors.due_day_max}
              />
            </div>
          </fieldset>
        )}
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
