import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { IncomeFrequencyValue } from '@paycadence/contracts';

@Entity({ name: 'income_sources' })
export class IncomeSource {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The owner: the verified token's `sub`. */
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  /** The income source's name (docs/product/signed-in.md §3). */
  @Column({ type: 'text' })
  source: string;

  /** NUMERIC(12,2) as text. */
  @Column({ type: 'numeric', precision: 12, scale: 2 })
  amount: string;

  @Column({ type: 'text' })
  frequency: IncomeFrequencyValue;

  /** 'YYYY-MM-DD' */
  @Column({ name: 'next_date', type: 'date' })
  nextDate: string;

  /** 'twice-monthly' only: its two days of the month, ascending (31: the last day); null otherwise. */
  @Column({ name: 'pay_days', type: 'smallint', array: true, nullable: true })
  payDays: number[] | null;

  /** Monthly or twice-monthly only: the months with a paycheck, 1-12 ascending; null: every month. */
  @Column({ name: 'paid_months', type: 'smallint', array: true, nullable: true })
  paidMonths: number[] | null;

  /** Variable income: what a lean paycheck brings, NUMERIC(12,2) as text, at most `amount`; null: steady pay. */
  @Column({ name: 'low_amount', type: 'numeric', precision: 12, scale: 2, nullable: true })
  lowAmount: string | null;

  /** The household that shares this row; null: personal. user_id is then who added it. */
  @Column({ name: 'household_id', type: 'uuid', nullable: true })
  householdId: string | null;

  @Column({ name: 'suggestion_id', type: 'uuid', nullable: true })
  suggestionId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
