import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An account of a linked item (docs/product/signed-in.md §3 bank account). Balances are NUMERIC dollars as Plaid sends them. */
@Entity({ name: 'bank_accounts' })
export class BankAccount {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'item_id', type: 'uuid' })
  itemId: string;

  @Column({ name: 'plaid_account_id', type: 'text' })
  plaidAccountId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'official_name', type: 'text', nullable: true })
  officialName: string | null;

  @Column({ type: 'text', nullable: true })
  mask: string | null;

  @Column({ type: 'text' })
  type: string;

  @Column({ type: 'text', nullable: true })
  subtype: string | null;

  @Column({ name: 'current_balance', type: 'numeric', precision: 14, scale: 2, nullable: true })
  currentBalance: string | null;

  @Column({ name: 'available_balance', type: 'numeric', precision: 14, scale: 2, nullable: true })
  availableBalance: string | null;

  @Column({ name: 'currency_code', type: 'text', default: 'USD' })
  currencyCode: string;

  @Column({ name: 'balance_updated_at', type: 'timestamptz', nullable: true })
  balanceUpdatedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
