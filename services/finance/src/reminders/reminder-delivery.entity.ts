import type { ReminderKind } from '@paycadence/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One reminder e-mail sent: the ledger that keeps each reminder sent once. */
@Entity({ name: 'reminder_deliveries' })
export class ReminderDelivery {
  /** contracts' reminderKey: `reminder:<userId>:<itemId>:<date>:<kind>`. */
  @PrimaryColumn({ name: 'reminder_key', type: 'text' })
  reminderKey: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  kind: ReminderKind;

  @Column({ name: 'occurrence_date', type: 'date' })
  occurrenceDate: string;

  /** SHA-256 (base64url) of the unsubscribe token in that e-mail's link; the token itself is never stored. */
  @Column({ name: 'unsubscribe_token_hash', type: 'text' })
  unsubscribeTokenHash: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;
}
