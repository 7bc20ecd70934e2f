import { BLOG_MESSAGES, PRODUCT_NAME, type BlogPostSummary } from '@paycadence/contracts';
import { Button, Spinner } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';
import './blog.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { BLOG_LIST_CALLS, useBlogPosts, useFeaturedPosts } from './blog-queries';
import { PostCard } from './PostCard';

/**
 * The page's data calls. Exported beside the page, this marks it a data page for the shell's build (its
 * prerendered copy frames the page's loading view for public-site's page server to fill, and asks for these at
 * once when it goes out unfilled); `{slug}` is the visited post's.
 */
export const PAGE_DATA_CALLS = BLOG_LIST_CALLS;

/** Where 'Stay Updated' sends readers: the landing page's hero form, like the header's Join Waitlist. */
export const STAY_UPDATED_TARGET = '/#waitlist';

function PostGrid({ posts, variant, titleId, title }: { posts: BlogPostSummary[]; variant: 'standard' | 'featured'; titleId: string; title: string }) {
  return (
    <section className="blog-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="blog-section__title">
        {title}
      </h2>
      <div className={`blog-grid blog-grid--${variant}`}>
        {posts.map((post) => (
          <PostCard key={post.id} post={post} variant={variant} />
        ))}
      </div>
    </section>
  );
}

function StayUpdated() {
  return (
    <section className="blog-stay-updated" aria-labelledby="blog-stay-updated-title">
      <div>
        <h2 id="blog-stay-updated-title">{BLOG_MESSAGES.stayUpdatedTitle}</h2>
        <p>New posts on paying bills on time when paydays and due dates don&apos;t line up, and early access to {PRODUCT_NAME}.</p>
      </div>
      <Link to={STAY_UPDATED_TARGET} className="pc-btn pc-btn--primary pc-btn--lg">
        Join the Waitlist
      </Link>
    </section>
  );
}

function ListError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="blog-state blog-state--error" role="alert">
      <h2>{BLOG_MESSAGES.listErrorTitle}</h2>
      <p>{BLOG_MESSAGES.listFailed(message)}</p>
      <Button onClick={onRetry} busy={retrying} busyText={BLOG_MESSAGES.loadingPosts}>
        {BLOG_MESSAGES.tryAgain}
      </Button>
    </div>
  );
}

/**
 * /blog (docs/product/accounts.md §2, §4): heading; Featured Posts only when there are featured posts; All Posts; the empty,
 * loading and error (with Try Again) views; the Stay Updated box. A failing featured call only hides its section:
 * the list itself is what the page is for.
 */
export function BlogListPage() {
  const posts = useBlogPosts();
  const featured = useFeaturedPosts();

  const retry = () => {
    void posts.refetch();
    void featured.refetch();
  };

  const loading = posts.isPending || featured.isPending;
  let body;
  if (loading) {
    body = <Spinner label={BLOG_MESSAGES.loadingPosts} className="blog-state" />;
  } else if (posts.isError) {
    body = <ListError message={posts.error.message} onRetry={retry} retrying={posts.isFetching} />;
  } else if (posts.data.length === 0) {
    body = <p className="blog-state blog-state--empty">{BLOG_MESSAGES.noPosts}</p>;
  } else {
    const featuredPosts = featured.data ?? [];
    body = (
      <>
        {featuredPosts.length > 0 && (
          <PostGrid posts={featuredPosts} variant="featured" titleId="blog-featured-title" title={BLOG_MESSAGES.featuredHeading} />
        )}
        <PostGrid posts={posts.data} variant="standard" titleId="blog-all-title" title={BLOG_MESSAGES.allPostsHeading} />
      </>
    );
  }

  return (
    <div className="blog blog-list-page">
      <header className="blog-hero">
        <div className="pc-container">
          <h1 className="blog-hero__title">{BLOG_MESSAGES.listTitle}</h1>
          <p className="blog-hero__lead">
            Practical ideas for lining up bills with paydays, from the people building {PRODUCT_NAME}.
          </p>
        </div>
      </header>
      <div className="pc-container blog-list-page__body">
        {body}
        {/* Shown once the list is in: below a loading view it would be pushed down the page (layout shift). */}
        {!loading && <StayUpdated />}
      </div>
    </div>
  );
}
