import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ItemSource, ItemStatus, SyncState } from '@paycadence/contracts';

/** One linked bank login (a Plaid item), or the source of a file-fed account. The access token is sealed with AES-256-GCM and never leaves this service. */
@Entity({ name: 'plaid_items' })
export class PlaidItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** 'file': statement files feed it (docs/statement-files.md); it has no Plaid item id or token and never syncs. */
  @Column({ type: 'text', default: 'plaid' })
  source: ItemSource;

  @Column({ name: 'plaid_item_id', type: 'text', nullable: true })
  plaidItemId: string | null;

  @Column({ name: 'access_token_sealed', type: 'text', nullable: true })
  accessTokenSealed: string | null;

  @Column({ name: 'institution_id', type: 'text', nullable: true })
  institutionId: string | null;

  @Column({ name: 'institution_name', type: 'text' })
  institutionName: string;

  @Column({ type: 'text', default: 'active' })
  status: ItemStatus;

  @Column({ name: 'sync_state', type: 'text', default: 'idle' })
  syncState: SyncState;

  /** Plaid's /transactions/sync cursor after the last complete pass; null before the first. */
  @Column({ type: 'text', nullable: true })
  cursor: string | null;

  @Column({ name: 'last_synced_at', type: 'timestamptz', nullable: true })
  lastSyncedAt: Date | null;

  /** When the sweep next polls it (src/sync/sync-sweep.ts); every successful sync moves it a period on. */
  @Column({ name: 'next_sync_at', type: 'timestamptz' })
  nextSyncAt: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
