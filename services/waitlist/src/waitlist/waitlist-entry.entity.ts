import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'waitlist_entries' })
export class WaitlistEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored trimmed and lower-cased; unique, so joining twice stores nothing new. */
  @Column({ type: 'text', unique: true })
  email: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  /** Where the visitor joined from (`homepage-hero`, a blog call-to-action, ...). */
  @Column({ name: 'referral_source', type: 'text' })
  referralSource: string;

  @Column({ type: 'text', default: 'pending' })
  status: 'pending' | 'approved';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
