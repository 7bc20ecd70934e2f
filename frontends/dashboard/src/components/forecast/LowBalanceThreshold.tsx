import { amountSchema, FINANCE_ENDPOINTS, ForecastSettingsUpdateSchema } from '@paycadence/contracts';
import { dollarsToCents } from '@paycadence/finance-rules';
import { Alert, Button, formatMoney, showToast, TextField, type ApiClient } from '@paycadence/web-kit';
import { useState, type FormEvent } from 'react';
import { useRecordMutation } from '../../hooks/useRecordMutation.js';
import { serverReason } from '../../household/errors.js';

const thresholdDollars = amountSchema('Threshold', { positive: false });

/**
 * The balance below which the dashboard warns (stored on the server, per user; 0 = below zero).
 * Entered in dollars like every amount in the app; sent in cents. Saving reloads the dashboard, whose forecast the
 * server recomputes (the threshold is part of its cache version).
 */
export function LowBalanceThreshold({ thresholdCents, api }: { thresholdCents: number; api: ApiClient }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState((thresholdCents / 100).toFixed(2));
  const [error, setError] = useState('');
  const save = useRecordMutation((lowBalanceThresholdCents: number) =>
    api.call(FINANCE_ENDPOINTS.updateForecastSettings, { body: { lowBalanceThresholdCents } }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = thresholdDollars.safeParse(value);
    const parsed = dollars.success ? ForecastSettingsUpdateSchema.safeParse({ lowBalanceThresholdCents: dollarsToCents(dollars.data) }) : dollars;
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an amount');
      return;
    }
    setError('');
    save.mutate(parsed.data.lowBalanceThresholdCents, {
      onSuccess: () => {
        showToast({ message: 'Low-balance warning updated.' });
        setEditing(false);
      },
    });
  };
  if (!editing) {
    return (
      <p className="fc-threshold">
        <span>
          Warns when your balance would go below <strong>{formatMoney(thresholdCents / 100)}</strong>.
        </span>{' '}
        <Button variant="secondary" size="sm" onClick={() => { setValue((thresholdCents / 100).toFixed(2)); setEditing(true); }}>
          Change
        </Button>
      </p>
    );
  }
  return (
    <form className="fc-threshold-form" onSubmit={submit} noValidate aria-label="Low-balance warning">
      {save.isError && <Alert tone="error">{serverReason(save.error) ?? 'Could not save the warning amount. Please try again.'}</Alert>}
      <TextField
        label="Warn me below ($)"
        name="low_balance_threshold"
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error || undefined}
        hint="0 warns only when your balance would go below zero."
        autoFocus
      />
      <div className="fc-threshold-form__actions">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
