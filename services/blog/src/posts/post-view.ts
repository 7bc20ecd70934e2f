import type { BlogPost, BlogPostFields, BlogPostSummary } from '@paycadence/contracts';
import type { FindOptionsSelect } from 'typeorm';
import type { BlogPostEntity } from './blog-post.entity.js';

/** A row read without its content (the public list's cards never show it). */
export type BlogPostSummaryRow = Omit<BlogPostEntity, 'content'>;

/** Every column but `content`: what the public list selects (a long post's blocks stay in the database). */
export const SUMMARY_COLUMNS = {
  id: true,
  slug: true,
  title: true,
  excerpt: true,
  category: true,
  author: true,
  imageUrl: true,
  imageAlt: true,
  featured: true,
  published: true,
  createdAt: true,
  updatedAt: true,
  publishDate: true,
  readTime: true,
  seo: true,
} as const satisfies Record<keyof BlogPostSummaryRow, true> & FindOptionsSelect<BlogPostEntity>;

/** The wire shape of a stored post (BlogPostSchema: snake_case, ISO instants). */
export function toBlogPost(row: BlogPostEntity): BlogPost {
  return { ...toBlogPostSummary(row), content: row.content };
}

/** A post on the public list's cards (BlogPostSummarySchema: the post without its content). */
export function toBlogPostSummary(row: BlogPostSummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    author: row.author,
    image_url: row.imageUrl,
    image_alt: row.imageAlt,
    featured: row.featured,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    publish_date: row.publishDate ? row.publishDate.toISOString() : null,
    read_time: row.readTime,
    seo: row.seo,
  };
}

/** The columns a create or a whole-post update writes (BlogPostInputSchema's output; a bare date is that day, UTC). */
export function toColumns(fields: BlogPostFields): Omit<BlogPostEntity, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    slug: fields.slug,
    title: fields.title,
    excerpt: fields.excerpt,
    content: fields.content,
    category: fields.category,
    author: fields.author,
    imageUrl: fields.image_url,
    imageAlt: fields.image_alt,
    featured: fields.featured,
    published: fields.published,
    publishDate: fields.publish_date ? new Date(fields.publish_date) : null,
    readTime: fields.read_time,
    seo: fields.seo,
  };
}
