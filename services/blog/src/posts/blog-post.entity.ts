import type { BlogContent } from '@paycadence/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A row of blog_posts (migrations/CreateBlogPosts); the wire shape is BlogPost (posts/post-view.ts). */
@Entity({ name: 'blog_posts' })
export class BlogPostEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  slug: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  excerpt: string;

  @Column({ type: 'jsonb' })
  content: BlogContent;

  @Column({ type: 'text' })
  category: string;

  @Column({ type: 'text' })
  author: string;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ name: 'image_alt', type: 'text', nullable: true })
  imageAlt: string | null;

  @Column({ type: 'boolean' })
  featured: boolean;

  @Column({ type: 'boolean' })
  published: boolean;

  /** Set from CLOCK by the service (not the column default), so tests can order posts. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'publish_date', type: 'timestamptz', nullable: true })
  publishDate: Date | null;

  @Column({ name: 'read_time', type: 'text' })
  readTime: string;

  @Column({ type: 'jsonb', nullable: true })
  seo: { title?: string; description?: string; keywords?: string[] } | null;
}
