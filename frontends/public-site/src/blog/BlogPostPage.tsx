import { BLOG_MESSAGES, type BlogPost } from '@paycadence/contracts';
import { Button, Spinner } from '@paycadence/web-kit';
import { Link, useParams } from 'react-router-dom';
import './blog.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { BLOG_POST_CALLS, isNotFound, useBlogPost } from './blog-queries';
import { BlockRenderer } from './blocks/BlockRenderer';
import { CopyLinkButton } from './CopyLinkButton';
import { postImageUrl, postPath } from './post-display';
import { PostBadges, PostByline } from './PostMeta';
import { usePostHead, useStateTitle } from './usePostHead';

/**
 * The page's data calls. Exported beside the page, this marks it a data page for the shell's build (its
 * prerendered copy frames the page's loading view for public-site's page server to fill, and asks for these at
 * once when it goes out unfilled); `{slug}` is the visited post's.
 */
export const PAGE_DATA_CALLS = BLOG_POST_CALLS;

function BackToBlog() {
  return (
    <Link to="/blog" className="blog-back">
      <span aria-hidden="true">←</span> {BLOG_MESSAGES.backToBlog}
    </Link>
  );
}

function PostArticle({ post }: { post: BlogPost }) {
  const image = postImageUrl(post);
  return (
    <article className="blog-post">
      <header className="blog-post__header">
        <BackToBlog />
        <PostBadges post={post} />
        <h1 className="blog-post__title">{post.title}</h1>
        <PostByline post={post} />
      </header>
      {image && (
        <img className="blog-post__image" src={image} alt={post.image_alt ?? ''} loading="lazy" decoding="async" />
      )}
      {post.excerpt && <p className="blog-post__excerpt">{post.excerpt}</p>}
      <CopyLinkButton path={postPath(post.slug)} />
      <BlockRenderer blocks={post.content.blocks} />
      <footer className="blog-post__footer">
        <BackToBlog />
      </footer>
    </article>
  );
}

function NotFoundView() {
  useStateTitle(BLOG_MESSAGES.postNotFound);
  return (
    <div className="blog-state blog-state--centered">
      <h1>{BLOG_MESSAGES.postNotFoundTitle}</h1>
      <p>{BLOG_MESSAGES.postNotFoundBody}</p>
      <BackToBlog />
    </div>
  );
}

function FailedView({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  useStateTitle(BLOG_MESSAGES.postLoadFailed);
  return (
    <div className="blog-state blog-state--centered" role="alert">
      <h1>{BLOG_MESSAGES.postLoadFailed}</h1>
      <p>{message}</p>
      <div className="blog-state__actions">
        <Button onClick={onRetry} busy={retrying} busyText={BLOG_MESSAGES.loadingPost}>
          {BLOG_MESSAGES.tryAgain}
        </Button>
        <BackToBlog />
      </div>
    </div>
  );
}

/**
 * /blog/{slug} (docs/product/accounts.md §2, §4): loading, then the post, not found (the API's 404: an unknown slug or a
 * draft's), or failed. The tab title and meta description come from the post's seo fields.
 */
export function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const query = useBlogPost(slug);
  usePostHead(query.data);

  let body;
  if (query.isPending) body = <Spinner label={BLOG_MESSAGES.loadingPost} className="blog-state" />;
  else if (query.isError && isNotFound(query.error)) body = <NotFoundView />;
  else if (query.isError) body = <FailedView message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <PostArticle post={query.data} />;

  return (
    <div className="blog blog-post-page pc-container">
      {body}
    </div>
  );
}
