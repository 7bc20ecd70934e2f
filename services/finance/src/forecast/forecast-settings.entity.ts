import { Column, Entity, PrimaryColumn } from 'typeorm';

/** bigint arrives from pg as text; a threshold is at most MAX_LOW_BALANCE_THRESHOLD_CENTS, so a number is exact. */
const bigintCents = {
  to: (value: number) => value,
  from: (value: string) => Number(value),
};

/** A user's forecast settings: the low-balance threshold. No row: 0, warn below zero. */
@Entity({ name: 'forecast_settings' })
export class ForecastSettingsRow {
  /** The owner: the verified token's `sub`. */
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ name: 'low_balance_threshold_cents', type: 'bigint', transformer: bigintCents })
  lowBalanceThresholdCents: number;
}
