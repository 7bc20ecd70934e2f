import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An occurrence of a bill the user marked paid by hand; one per (bill, due date). */
@Entity({ name: 'bill_paid_marks' })
export class BillPaidMark {
  @PrimaryColumn({ name: 'bill_id', type: 'uuid' })
  billId: string;

  /** 'YYYY-MM-DD': the occurrence's due date. */
  @PrimaryColumn({ name: 'due_date', type: 'date' })
  dueDate: string;

  /** Who marked it (the bill's owner, or an owner or partner of its household). */
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  /** The marker's day (their local date, as the dashboard's today). */
  @Column({ name: 'marked_on', type: 'date' })
  markedOn: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
