import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * An imported transaction, upserted by (item, Plaid transaction id). `amount` keeps Plaid's sign: positive
 * money out, negative money in (docs/product/signed-in.md §3 reads it the same way).
 */
@Entity({ name: 'bank_transactions' })
export class BankTransaction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'item_id', type: 'uuid' })
  itemId: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'plaid_transaction_id', type: 'text' })
  plaidTransactionId: string;

  @Column({ name: 'pending_transaction_id', type: 'text', nullable: true })
  pendingTransactionId: string | null;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  amount: string;

  @Column({ name: 'currency_code', type: 'text', default: 'USD' })
  currencyCode: string;

  @Column({ type: 'date' })
  date: string;

  @Column({ name: 'authorized_date', type: 'date', nullable: true })
  authorizedDate: string | null;

  /** Plaid's `name`: the raw description. */
  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'merchant_name', type: 'text', nullable: true })
  merchantName: string | null;

  /** The normalised merchant (detection groups by it; bill matching uses it). */
  @Column({ name: 'merchant_key', type: 'text' })
  merchantKey: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  category: string[];

  @Column({ type: 'boolean', default: false })
  pending: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
