import type { BlogPost } from '@paycadence/contracts';

// docs/product/signed-in.md §2, §4: the blog admin's filter tabs, each with its count.

export const POST_FILTERS = [
  { id: 'all', label: 'All Posts' },
  { id: 'published', label: 'Published' },
  { id: 'draft', label: 'Drafts' },
  { id: 'featured', label: 'Featured' },
] as const;
export type PostFilter = (typeof POST_FILTERS)[number]['id'];

const matches: Record<PostFilter, (post: BlogPost) => boolean> = {
  all: () => true,
  published: (post) => post.published,
  draft: (post) => !post.published,
  featured: (post) => post.featured,
};

export function filterPosts(posts: readonly BlogPost[], filter: PostFilter): BlogPost[] {
  return posts.filter(matches[filter]);
}

export function countPosts(posts: readonly BlogPost[]): Record<PostFilter, number> {
  return {
    all: posts.length,
    published: filterPosts(posts, 'published').length,
    draft: filterPosts(posts, 'draft').length,
    featured: filterPosts(posts, 'featured').length,
  };
}
