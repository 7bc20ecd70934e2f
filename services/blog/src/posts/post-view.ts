import type { BlogPost, BlogPostFields } from '@payday/contracts';
import type { BlogPostEntity } from './blog-post.entity.js';

/** The wire shape of a stored post (BlogPostSchema: snake_case, ISO instants). */
export function toBlogPost(row: BlogPostEntity): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
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
