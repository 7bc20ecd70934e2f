import { Column, Entity, PrimaryColumn } from 'typeorm';

/** bigint arrives from pg as text; cents stay below 2^53 (MAX_BANK_MONTHLY_INCOME_CENTS), so a number is exact. */
const bigintCents = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** The linked banks' figures for one user, as bank-sync last sent them (FINANCE_PATTERNS.storeBankSummary). */
@Entity({ name: 'bank_summaries' })
export class BankSummary {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  /** Average monthly income of the last complete months (own transfers excluded); null: none known or cleared. */
  @Column({ name: 'monthly_income_cents', type: 'bigint', nullable: true, transformer: bigintCents })
  monthlyIncomeCents: number | null;

  /** The bank analytics' savings rate in percent; null: none known or cleared. */
  @Column({ name: 'savings_rate_percent', type: 'double precision', nullable: true })
  savingsRatePercent: number | null;

  /** The checking-like accounts' balance (safe to spend); null: none known, cleared, or an older sender. */
  @Column({ name: 'cash_balance_cents', type: 'bigint', nullable: true, transformer: bigintCents })
  cashBalanceCents: number | null;

  @Column({ name: 'computed_at', type: 'timestamptz' })
  computedAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
