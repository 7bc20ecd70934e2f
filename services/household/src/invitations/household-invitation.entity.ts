import type { HouseholdRole } from '@paycadence/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An e-mailed invitation: only the SHA-256 of its token is stored; single use, valid INVITATION_TTL_DAYS. */
@Entity({ name: 'household_invitations' })
export class HouseholdInvitation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'household_id', type: 'uuid' })
  householdId: string;

  /** Lower-cased. */
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  role: HouseholdRole;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'invited_by', type: 'uuid' })
  invitedBy: string;

  /** When it was last e-mailed: a resend sends it again with a new token and expiry. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'accepted_by', type: 'uuid', nullable: true })
  acceptedBy: string | null;
}
