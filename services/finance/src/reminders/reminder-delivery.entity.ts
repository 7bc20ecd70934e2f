import type { ReminderKind } from '@paycadence/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One reminder sent on one channel (an e-mail, or a push to one device): the ledger that keeps each sent once. */
@Entity({ name: 'reminder_deliveries' })
export class ReminderDelivery {
  /** contracts' reminderKey: `reminder:<userId>:<itemId>:<date>:<kind>`. */
  @PrimaryColumn({ name: 'reminder_key', type: 'text' })
  reminderKey: string;

  /** 'email', or `device:<push_subscriptions.id>` (deliveryChannel). */
  @PrimaryColumn({ type: 'text' })
  channel: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  kind: ReminderKind;

  @Column({ name: 'occurrence_date', type: 'date' })
  occurrenceDate: string;

  /** SHA-256 (base64url) of the unsubscribe token in that e-mail's link; the token itself is never stored. Null for a push. */
  @Column({ name: 'unsubscribe_token_hash', type: 'text', nullable: true })
  unsubscribeTokenHash: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;
}

/** A ledger row's channel: the e-mail, or one device. */
export const EMAIL_CHANNEL = 'email';
export const deviceChannel = (subscriptionId: string): string => `device:${subscriptionId}`;
