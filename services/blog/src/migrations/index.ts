import { CreateBlogPosts1795800000000 } from './1795800000000-create-blog-posts.js';
import { SeedBlogPosts1795800000001 } from './1795800000001-seed-blog-posts.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateBlogPosts1795800000000, SeedBlogPosts1795800000001];
