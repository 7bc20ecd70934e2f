import type { HouseholdRole } from '@paycadence/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One account's membership (the account lives in auth: only its id is kept here). */
@Entity({ name: 'household_members' })
export class HouseholdMember {
  @PrimaryColumn({ name: 'household_id', type: 'uuid' })
  householdId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  role: HouseholdRole;

  @Column({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;
}
