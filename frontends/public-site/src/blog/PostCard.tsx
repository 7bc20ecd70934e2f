import type { BlogPostSummary } from '@paycadence/contracts';
import { Link } from 'react-router-dom';
import { postPath } from './post-display';
import { PostBadges, PostByline } from './PostMeta';

/**
 * One post in the list (docs/product/accounts.md §2): category icon and badge, Featured badge, title (the link), excerpt,
 * author, date and read time. The whole card is clickable through the title link's stretched hit area, while
 * only the title is announced as the link.
 */
export function PostCard({ post, variant = 'standard' }: { post: BlogPostSummary; variant?: 'standard' | 'featured' }) {
  return (
    <article className={`blog-card blog-card--${variant}`}>
      <PostBadges post={post} />
      <h3 className="blog-card__title">
        <Link to={postPath(post.slug)} className="blog-card__link">
          {post.title}
        </Link>
      </h3>
      {post.excerpt && <p className="blog-card__excerpt">{post.excerpt}</p>}
      <div className="blog-card__footer">
        <PostByline post={post} />
      </div>
    </article>
  );
}
