import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user's TOTP factor; pending (enabled = false) between setup and enable. */
@Entity({ name: 'mfa_factors' })
export class MfaFactor {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** Base32 secret, AES-256-GCM sealed (docs/security.md). */
  @Column({ name: 'secret_enc', type: 'text' })
  secretEnc: string;

  @Column({ type: 'boolean', default: false })
  enabled: boolean;

  /** The last accepted 30-second step: a code at or before it is a replay (docs/security.md). */
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true })
  lastUsedStep: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'enabled_at', type: 'timestamptz', nullable: true })
  enabledAt: Date | null;
}
