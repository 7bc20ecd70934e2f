import { FINANCE_MESSAGES } from '@paycadence/contracts';
import { Select } from '@paycadence/web-kit';
import type { ShareTarget } from '../hooks/useShareTargets.js';

/** 'Share with household': None, or one of the households the user may share into. */
export function ShareSelect({ targets, value, onChange }: { targets: readonly ShareTarget[]; value: string; onChange: (value: string) => void }) {
  return (
    <Select
      label={FINANCE_MESSAGES.shareWithHousehold}
      name="household_id"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[{ value: '', label: FINANCE_MESSAGES.notShared }, ...targets.map((t) => ({ value: t.id, label: t.name }))]}
    />
  );
}
