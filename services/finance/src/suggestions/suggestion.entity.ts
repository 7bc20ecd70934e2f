import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BillCategoryValue, BillRecurrenceValue, IncomeFrequencyValue, SuggestionKind, SuggestionStatus } from '@payday/contracts';

/** A bill or income bank-sync detected (spec part 2 §3 suggestions), waiting for the user to accept it. */
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
