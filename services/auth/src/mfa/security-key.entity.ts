import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A security key or passkey: its public key and counter, the name its owner gave it (docs/passkeys.md). */
@Entity({ name: 'security_keys' })
export class SecurityKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** Base64url, as the browser reports it. */
  @Column({ name: 'credential_id', type: 'text' })
  credentialId: string;

  /** COSE public key: public, but never exported or shown (it identifies the authenticator). */
  @Column({ name: 'public_key', type: 'bytea' })
  publicKey: Buffer;

  /** The last signature counter seen; bigint comes back as text. */
  @Column({ type: 'bigint', default: 0 })
  counter: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  transports: string[];

  @Column({ name: 'device_type', type: 'varchar', length: 16 })
  deviceType: 'singleDevice' | 'multiDevice';

  @Column({ name: 'backed_up', type: 'boolean', default: false })
  backedUp: boolean;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;
}
