import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DueDateMoveStatus } from '@paycadence/contracts';

/** A move the person started with a biller (docs/due-date-planner.md): one open (planned or asked) per bill. */
@Entity({ name: 'due_date_moves' })
export class DueDateMoveRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Whoever started it: only they see and change it. */
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ name: 'bill_id', type: 'uuid' })
  billId: string;

  /** The bill's day when the move was accepted, and the day asked for (31: the month's last day). */
  @Column({ name: 'from_day', type: 'smallint' })
  fromDay: number;

  @Column({ name: 'to_day', type: 'smallint' })
  toDay: number;

  @Column({ type: 'text' })
  status: DueDateMoveStatus;

  /** Confirmed: the first day the new due day applies ('YYYY-MM-DD'). */
  @Column({ name: 'effective_date', type: 'date', nullable: true })
  effectiveDate: string | null;

  @Column({ name: 'asked_at', type: 'timestamptz', nullable: true })
  askedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
