import { DEFAULT_SAVINGS_GOAL_TYPE, FINANCE_ENDPOINTS, SavingsGoalUpdateSchema, type DashboardSavingsGoal, type EmergencyFundDto } from '@paycadence/contracts';
import { Alert, Button, Card, showToast, TextField, type ApiClient } from '@paycadence/web-kit';
import { useState, type FormEvent } from 'react';
import { useRecordMutation } from '../hooks/useRecordMutation.js';
import { Money } from './Money.js';

const SAVE_FAILED = 'Failed to save the amount saved. Please try again.';

/**
 * The amount saved, entered by the user: updates the emergency_fund goal, or creates it the first time
 * (docs/product/signed-in.md §3, §7 savings-goals calls).
 */
function SavedAmountForm({ goal, currentCents, api, onDone }: { goal?: DashboardSavingsGoal; currentCents: number; api: ApiClient; onDone: () => void }) {
  const [amount, setAmount] = useState(currentCents > 0 ? (currentCents / 100).toFixed(2) : '');
  const [error, setError] = useState('');
  const save = useRecordMutation((current_amount: number) =>
    goal
      ? api.call(FINANCE_ENDPOINTS.updateSavingsGoal, { params: { id: goal.id }, body: { current_amount } })
      : api.call(FINANCE_ENDPOINTS.createSavingsGoal, { body: { goal_type: DEFAULT_SAVINGS_GOAL_TYPE, current_amount, target_amount: null } }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SavingsGoalUpdateSchema.safeParse({ current_amount: amount });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an amount');
      return;
    }
    save.mutate(parsed.data.current_amount!, {
      onSuccess: () => {
        showToast({ message: 'Amount saved updated.' });
        onDone();
      },
    });
  };
  return (
    <form className="db-fund__form" onSubmit={submit} noValidate aria-label="Update amount saved">
      {save.isError && <Alert tone="error">{SAVE_FAILED}</Alert>}
      <TextField
        label="Amount saved ($)"
        name="current_amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setError('');
        }}
        error={error}
        autoFocus
      />
      <div className="db-form__actions">
        <Button type="submit" busy={save.isPending} busyText="Saving...">
          Save amount
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** docs/product/signed-in.md §9: emergency fund goal = 6 x monthly bills; the bar is capped at 100 percent. */
export function SavingsProgress({ fund, goals, api }: { fund: EmergencyFundDto; goals: readonly DashboardSavingsGoal[]; api: ApiClient }) {
  const [editing, setEditing] = useState(false);
  const percent = Math.min(100, Math.max(0, fund.progressPercent));
  const goal = goals.find((g) => g.goalType === DEFAULT_SAVINGS_GOAL_TYPE);
  return (
    <Card className="db-section" aria-labelledby="db-fund-title">
      <div className="db-section__head db-section__head--nowrap">
        <h2 id="db-fund-title" className="db-section__title">
          Savings &amp; Emergency Fund
        </h2>
        {!editing && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {fund.currentCents > 0 ? 'Update amount saved' : 'Enter amount saved'}
          </Button>
        )}
      </div>
      {editing && <SavedAmountForm goal={goal} currentCents={fund.currentCents} api={api} onDone={() => setEditing(false)} />}
      <div className="db-fund__figures">
        <span>
          <Money cents={fund.currentCents} /> saved
        </span>
        <span className="db-muted">
          of <Money cents={fund.goalCents} /> (6 months of bills)
        </span>
      </div>
      <div
        className="db-progress"
        role="progressbar"
        aria-label="Emergency fund progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% of goal`}
      >
        <div className="db-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="db-small db-muted">{percent}% of your emergency fund goal</p>
    </Card>
  );
}
