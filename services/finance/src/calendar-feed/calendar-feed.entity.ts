import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's private calendar feed: at most one link per user, kept only as its token's hash. */
@Entity({ name: 'calendar_feeds' })
export class CalendarFeed {
  /** The owner: the verified token's `sub`. */
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  /** SHA-256 of the URL's token, base64url; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
