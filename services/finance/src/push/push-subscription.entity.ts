import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One device that gets reminders by Web Push. Its endpoint and keys are secrets (whoever holds them can make the
 * device show notifications): they leave this table only towards the push service itself.
 */
@Entity({ name: 'push_subscriptions' })
export class PushSubscriptionRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  endpoint: string;

  /** The browser's P-256 public key (65 bytes), base64url without padding. */
  @Column({ type: 'text' })
  p256dh: string;

  /** The browser's auth secret (16 bytes), base64url without padding. */
  @Column({ type: 'text' })
  auth: string;

  /** A name the person recognises ("Chrome on Android"), made up by the browser. */
  @Column({ type: 'text' })
  label: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When a reminder last reached its push service. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;
}
