import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BillCategoryValue, BillPriorityValue, BillRecurrenceValue, DueDayFlexibilityValue } from '@paycadence/contracts';

@Entity({ name: 'bills' })
export class Bill {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The owner: the verified token's `sub`. */
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  name: string;

  /** NUMERIC(12,2): pg hands it over as text ('19.99'), so no float ever touches it. */
  @Column({ type: 'numeric', precision: 12, scale: 2 })
  amount: string;

  /** 'YYYY-MM-DD' */
  @Column({ name: 'due_date', type: 'date' })
  dueDate: string;

  @Column({ type: 'text' })
  priority: BillPriorityValue;

  @Column({ type: 'text' })
  category: BillCategoryValue;

  @Column({ type: 'text' })
  recurring: BillRecurrenceValue;

  /** The household that shares this row; null: personal. user_id is then who added it. */
  @Column({ name: 'household_id', type: 'uuid', nullable: true })
  householdId: string | null;

  /**
   * Who the bill is paid to: the merchant of the detected bill the user linked to it ('Oakwood Properties' for their
   * 'Rent'). Bank payments to it pay the bill's occurrences as payments matching its name do. Null: never linked.
   */
  @Column({ type: 'text', nullable: true })
  payee: string | null;

  /**
   * The suggestion this bill was accepted from, if any (a source marker); for a bill the user
   * linked a detected one to, the one its payee came from.
   */
  @Column({ name: 'suggestion_id', type: 'uuid', nullable: true })
  suggestionId: string | null;

  /** Can the biller move the due day: the person's answer; null: the category's usual one (dueDayFlexibilityFor). */
  @Column({ name: 'due_day_flexible', type: 'text', nullable: true })
  dueDayFlexible: DueDayFlexibilityValue | null;

  /** The days of the month the biller allows (null: from the 1st, through the last day). */
  @Column({ name: 'due_day_min', type: 'smallint', nullable: true })
  dueDayMin: number | null;

  @Column({ name: 'due_day_max', type: 'smallint', nullable: true })
  dueDayMax: number | null;

  /**
   * After a confirmed due-date change: the old series' anchor and the first day of the new series (due_date is then
   * the new anchor). Both null: one series, as entered. Cleared when the person sets the due date or recurrence by hand.
   */
  @Column({ name: 'earlier_due_date', type: 'date', nullable: true })
  earlierDueDate: string | null;

  @Column({ name: 'due_date_from', type: 'date', nullable: true })
  dueDateFrom: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
