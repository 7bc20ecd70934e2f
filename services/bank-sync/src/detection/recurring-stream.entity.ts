import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A recurring bill or income stream detection found (migrations/CreateRecurringStreams). */
@Entity({ name: 'recurring_streams' })
export class RecurringStream {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ type: 'text' })
  direction: 'inflow' | 'outflow';

  @Column({ name: 'merchant_key', type: 'text' })
  merchantKey: string;

  @Column({ type: 'text' })
  name: string;

  /** An outflow's bill category (contracts' BILL_CATEGORY_VALUES); an inflow's income type: 'salary' or 'variable'. */
  @Column({ type: 'text' })
  category: string;

  /** The contracts' DETECTED_FREQUENCIES: weekly, biweekly, semi-monthly, monthly, quarterly, annual. */
  @Column({ type: 'text' })
  frequency: string;

  /** 0 to 1; from 0.5 up the stream is offered to finance as a suggestion. */
  @Column({ type: 'numeric', precision: 4, scale: 3 })
  confidence: string;

  @Column({ type: 'integer' })
  occurrences: number;

  @Column({ name: 'average_amount', type: 'numeric', precision: 14, scale: 2 })
  averageAmount: string;

  @Column({ name: 'last_amount', type: 'numeric', precision: 14, scale: 2 })
  lastAmount: string;

  @Column({ name: 'last_date', type: 'date' })
  lastDate: string;

  /** The next expected date, moved off the weekend as this stream's history shows. */
  @Column({ name: 'next_date', type: 'date' })
  nextDate: string;

  @Column({ name: 'price_changed', type: 'boolean', default: false })
  priceChanged: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
