import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { IncomeFrequencyValue } from '@payday/contracts';

@Entity({ name: 'income_sources' })
export class IncomeSource {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The owner: the verified token's `sub`. */
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  /** The income source's name (spec part 2 §3). */
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

  /** The household that shares this row (issue 11); null: personal. user_id is then who added it. */
  @Column({ name: 'household_id', type: 'uuid', nullable: true })
  householdId: string | null;

  @Column({ name: 'suggestion_id', type: 'uuid', nullable: true })
  suggestionId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
