import { BLOG_MESSAGES, DEFAULT_DISPLAY_READ_TIME, type BlogPost } from '@paycadence/contracts';
import { Badge, Button, formatDate } from '@paycadence/web-kit';

export interface PostListProps {
  posts: readonly BlogPost[];
  onEdit: (post: BlogPost) => void;
  onSocial: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
}

const blockCount = (post: BlogPost) => {
  const count = Array.isArray(post.content?.blocks) ? post.content.blocks.length : 0;
  return count === 1 ? '1 block' : `${count} blocks`;
};

/** The rows of docs/product/signed-in.md §2: title, badges, category, excerpt, author, date, read time, blocks; the row actions. */
export function PostList({ posts, onEdit, onSocial, onDelete }: PostListProps) {
  if (posts.length === 0) return <p className="ac-empty">{BLOG_MESSAGES.noPostsForFilter}</p>;
  return (
    <ul className="ba-posts">
      {posts.map((post) => (
        <li key={post.id} className="ba-post">
          <article aria-labelledby={`ba-post-${post.id}`}>
            <div className="ba-post__head">
              <h3 id={`ba-post-${post.id}`} className="ba-post__title">
                {post.title}
              </h3>
              <div className="ba-post__badges">
                {post.featured && <Badge tone="warning">{BLOG_MESSAGES.featuredBadge}</Badge>}
                {post.published ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>}
                <Badge tone="info">{post.category}</Badge>
              </div>
            </div>
            {post.excerpt && <p className="ba-post__excerpt">{post.excerpt}</p>}
            <ul className="ba-post__meta" aria-label="Details">
              <li>{post.author}</li>
              <li>{post.publish_date ? formatDate(post.publish_date.slice(0, 10)) : 'No publish date'}</li>
              <li>{post.read_time || DEFAULT_DISPLAY_READ_TIME}</li>
              <li>{blockCount(post)}</li>
            </ul>
            <div className="ba-post__actions">
              <Button size="sm" variant="secondary" aria-label={`Edit ${post.title}`} onClick={() => onEdit(post)}>
                Edit
              </Button>
              {/* docs/product/signed-in.md §2: Social only for published posts */}
              {post.published && (
                <Button size="sm" variant="secondary" aria-label={`Social post for ${post.title}`} onClick={() => onSocial(post)}>
                  Social
                </Button>
              )}
              <a className="pc-btn pc-btn--ghost pc-btn--sm" href={`/blog/${encodeURIComponent(post.slug)}`} target="_blank" rel="noopener noreferrer" aria-label={`View ${post.title} (opens in a new tab)`}>
                View
              </a>
              <Button size="sm" variant="ghost" className="ac-btn-remove" aria-label={`Delete ${post.title}`} onClick={() => onDelete(post)}>
                Delete
              </Button>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
