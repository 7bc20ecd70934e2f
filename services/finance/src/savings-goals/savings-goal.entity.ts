import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'savings_goals' })
export class SavingsGoal {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  /** docs/product/signed-in.md §3: 'emergency_fund' is the one the dashboard uses. */
  @Column({ name: 'goal_type', type: 'text' })
  goalType: string;

  @Column({ name: 'current_amount', type: 'numeric', precision: 12, scale: 2 })
  currentAmount: string;

  /** Not in docs/product (our addition): an optional target. */
  @Column({ name: 'target_amount', type: 'numeric', precision: 12, scale: 2, nullable: true })
  targetAmount: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
