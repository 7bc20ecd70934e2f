import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Address, AuthRole, UserStatus } from '@paycadence/contracts';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored trimmed and lower-cased, unique: one account per address regardless of case. */
  @Column({ type: 'text', unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ type: 'text', default: 'user' })
  role: AuthRole;

  @Column({ type: 'text', default: 'active' })
  status: UserStatus;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  /** `YYYY-MM-DD` (pg's date type read as a string). */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth: string | null;

  @Column({ type: 'jsonb', nullable: true })
  address: Partial<Address> | null;

  /** AES-256-GCM sealed (docs/security.md). */
  @Column({ name: 'ssn_last4_enc', type: 'text', nullable: true })
  ssnLast4Enc: string | null;

  /** When a session was last issued (password sign-in, or the second factor when 2FA is on); null: never. */
  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null;

  /**
   * When the owner last chose the password (sign-up, admin create, reset, admin:create). Null only for an
   * account made by a waitlist approval whose set-password link is still unused: approving it again is allowed.
   */
  @Column({ name: 'password_set_at', type: 'timestamptz', nullable: true })
  passwordSetAt: Date | null;

  /**
   * When the owner proved the address by opening a link mailed to it (a confirmation or a set-password link);
   * null until then. Nothing is mailed to, or decided by, an unconfirmed address (docs/email-addresses.md).
   */
  @Column({ name: 'email_confirmed_at', type: 'timestamptz', nullable: true })
  emailConfirmedAt: Date | null;

  /** The account is being deleted (no sign-in; the other services are forgetting it). */
  @Column({ name: 'deletion_requested_at', type: 'timestamptz', nullable: true })
  deletionRequestedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
