import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BillCategoryValue, BillRecurrenceValue, IncomeFrequencyValue, SuggestionKind, SuggestionStatus } from '@paycadence/contracts';

/** A bill or income bank-sync detected (docs/product/signed-in.md §3 suggestions), waiting for the user to accept it. */
@Entity({ name: 'suggestions' })
export class Suggestion {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  kind: SuggestionKind;

  /** The sender's stable key; unique per (user, kind) so a resend updates instead of duplicating. */
  @Column({ name: 'external_key', type: 'text' })
  externalKey: string;

  /** The bill name or the income source. */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  amount: string;

  /** Bills only. */
  @Column({ type: 'text', nullable: true })
  category: BillCategoryValue | null;

  /** An income's frequency; a bill's detected recurrence (null: the §4 default, monthly). */
  @Column({ type: 'text', nullable: true })
  frequency: IncomeFrequencyValue | BillRecurrenceValue | null;

  /** suggestedDueDate (bill) or suggestedNextDate (income). */
  @Column({ name: 'suggested_date', type: 'date' })
  suggestedDate: string;

  /** Income only: the pay schedule detection saw (twice a month on these days, ascending; 31: the last day). */
  @Column({ name: 'suggested_pay_days', type: 'smallint', array: true, nullable: true })
  suggestedPayDays: number[] | null;

  /** Income only: the months with a paycheck (a school year), 1-12 ascending; null: every month. */
  @Column({ name: 'suggested_paid_months', type: 'smallint', array: true, nullable: true })
  suggestedPaidMonths: number[] | null;

  /** Income only: a lean paycheck of variable pay, NUMERIC(12,2) as text; null: steady pay. */
  @Column({ name: 'suggested_low_amount', type: 'numeric', precision: 12, scale: 2, nullable: true })
  suggestedLowAmount: string | null;

  @Column({ name: 'transaction_date', type: 'date', nullable: true })
  transactionDate: string | null;

  /** NUMERIC(4,3), 0 to 1. */
  @Column({ type: 'numeric', precision: 4, scale: 3 })
  confidence: string;

  @Column({ type: 'text' })
  status: SuggestionStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
