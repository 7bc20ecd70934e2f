import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BillPaymentTransaction } from '@paycadence/contracts';

/** The user's recent payments out as bank-sync last pushed them (BILL_PAYMENTS_PATTERN), one row per user. */
@Entity({ name: 'bank_payments' })
export class BankPayments {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'jsonb' })
  transactions: BillPaymentTransaction[];

  @Column({ name: 'computed_at', type: 'timestamptz' })
  computedAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
