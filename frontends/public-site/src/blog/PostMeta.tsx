import { BLOG_MESSAGES, type BlogPost } from '@paycadence/contracts';
import { Badge } from '@paycadence/web-kit';
import { CategoryIcon } from './CategoryIcon';
import { postDateTime, postDisplayDate, postReadTime } from './post-display';

/** Category (with its icon) and the Featured badge. */
export function PostBadges({ post }: { post: Pick<BlogPost, 'category' | 'featured'> }) {
  return (
    <div className="blog-badges">
      <span className="blog-category">
        <span className="blog-category__icon">
          <CategoryIcon category={post.category} />
        </span>
        <Badge tone="primary">{post.category}</Badge>
      </span>
      {post.featured && <Badge tone="warning">{BLOG_MESSAGES.featuredBadge}</Badge>}
    </div>
  );
}

/** The author, then the date and read time on a line of their own (they never wrap apart). */
export function PostByline({ post }: { post: Pick<BlogPost, 'author' | 'publish_date' | 'created_at' | 'read_time'> }) {
  return (
    <p className="blog-byline">
      <span className="blog-byline__author">{post.author}</span>
      <span className="blog-byline__when">
        <time dateTime={postDateTime(post)}>{postDisplayDate(post)}</time>
        <span aria-hidden="true" className="blog-byline__dot">
          ·
        </span>
        <span>{postReadTime(post)}</span>
      </span>
    </p>
  );
}
