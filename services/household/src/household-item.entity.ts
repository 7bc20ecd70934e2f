import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An example row of the service's own schema (migrations/: CreateItems). */
@Entity({ name: 'items' })
export class HouseholdItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The owner: every query is scoped by the signed-in user's id. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
