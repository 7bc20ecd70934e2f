import type { ReminderChannel } from '@paycadence/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's Notifications settings: a row exists once they saved them (with their time zone). */
@Entity({ name: 'reminder_settings' })
export class ReminderSettingsRow {
  /** The owner: the verified token's `sub`. */
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'boolean' })
  bills: boolean;

  @Column({ type: 'boolean' })
  income: boolean;

  @Column({ type: 'boolean' })
  suggestions: boolean;

  @Column({ type: 'boolean' })
  updates: boolean;

  @Column({ name: 'days_before', type: 'smallint' })
  daysBefore: number;

  /** IANA zone, canonical (contracts' TimeZoneSchema). */
  @Column({ name: 'time_zone', type: 'text' })
  timeZone: string;

  /** Where bill reminders go: e-mail, the user's devices or both (docs/reminders.md, Push). */
  @Column({ name: 'bill_channel', type: 'text', default: 'email' })
  billChannel: ReminderChannel;

  /** Where payday reminders go. */
  @Column({ name: 'income_channel', type: 'text', default: 'email' })
  incomeChannel: ReminderChannel;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
