import { BLOG_MESSAGES, DEFAULT_DISPLAY_READ_TIME, servedDataKey, type BlogPostSummary } from '@paycadence/contracts';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlogListPage, STAY_UPDATED_TARGET } from './BlogListPage';
import { blogKeys } from './blog-queries';
import { aPostSummary, fail, forgetServedPage, never, serveBlog, serveData } from './test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetServedPage();
});

const isFeaturedCall = (query: URLSearchParams) => query.get('featured') === 'true';
/** One handler for GET /api/blog/posts answering the list and the featured list. */
const postsAnswer = (all: BlogPostSummary[], featured = all.filter((post) => post.featured)) => ({
  posts: ({ query }: { query: URLSearchParams }) => ({ posts: isFeaturedCall(query) ? featured : all }),
});

const renderList = () => renderWithProviders(<BlogListPage />, { user: null, route: '/blog' });
const section = (name: string) => screen.getByRole('region', { name });

describe('BlogListPage', () => {
  it('starts from the posts the page was served with: both sections at once, no loading view, no request', () => {
    const featured = aPostSummary({ title: 'Served and featured', featured: true });
    const other = aPostSummary({ title: 'Served, not featured' });
    serveData({ [servedDataKey(blogKeys.posts)]: [featured, other], [servedDataKey(blogKeys.featured)]: [featured] });
    const server = serveBlog({ posts: never });
    renderWithProviders(<BlogListPage />, { user: null, route: '/blog' });
    expect(screen.getByRole('heading', { name: BLOG_MESSAGES.featuredHeading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: BLOG_MESSAGES.allPostsHeading })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: featured.title })).toHaveLength(2);
    expect(screen.getByRole('link', { name: other.title })).toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.loadingPosts)).not.toBeInTheDocument();
    expect(server.calls('posts')).toHaveLength(0);
  });

  it('says it is loading while the posts are on their way', () => {
    serveBlog({ posts: never });
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: BLOG_MESSAGES.listTitle })).toBeInTheDocument();
    expect(screen.getByText(BLOG_MESSAGES.loadingPosts)).toBeInTheDocument();
  });

  it('shows the empty state and no featured section when there are no posts', async () => {
    serveBlog(postsAnswer([]));
    renderList();
    expect(await screen.findByText(BLOG_MESSAGES.noPosts)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: BLOG_MESSAGES.featuredHeading })).not.toBeInTheDocument();
  });

  it('shows All Posts but no Featured Posts section when no post is featured', async () => {
    serveBlog(postsAnswer([aPostSummary({ title: 'Plain one' }), aPostSummary({ title: 'Plain two' })]));
    renderList();
    const all = await screen.findByRole('region', { name: BLOG_MESSAGES.allPostsHeading });
    expect(within(all).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: BLOG_MESSAGES.featuredHeading })).not.toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.featuredBadge)).not.toBeInTheDocument();
  });

  it('shows the featured posts in their own section, asked for with featured=true', async () => {
    const star = aPostSummary({ title: 'The star post', featured: true });
    const server = serveBlog(postsAnswer([star, aPostSummary({ title: 'Other post' })]));
    renderList();
    const featured = await screen.findByRole('region', { name: BLOG_MESSAGES.featuredHeading });
    expect(within(featured).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['The star post']);
    expect(within(section(BLOG_MESSAGES.allPostsHeading)).getAllByRole('article')).toHaveLength(2);
    expect(server.calls('posts').map((call) => call.query.get('featured'))).toEqual(expect.arrayContaining([null, 'true']));
  });

  it('draws a card with icon, category and Featured badges, title link, excerpt, author, date and read time', async () => {
    const post = aPostSummary({
      slug: 'sync-bills-with-paydays',
      title: 'Sync your bills with your paydays',
      excerpt: 'Move due dates a few days after payday.',
      category: 'Parenting',
      author: 'Jordan Lee',
      featured: true,
      publish_date: '2026-11-25',
      created_at: '2026-10-01T09:00:00.000Z',
      read_time: '7 min read',
    });
    serveBlog(postsAnswer([post], []));
    renderList();
    const card = await within(await screen.findByRole('region', { name: BLOG_MESSAGES.allPostsHeading })).findByRole('article');
    expect(within(card).getByRole('link', { name: post.title }).getAttribute('href')).toBe('/blog/sync-bills-with-paydays');
    expect(card.querySelector('[data-category-icon]')?.getAttribute('data-category-icon')).toBe('Parenting');
    expect(card.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    for (const text of ['Parenting', BLOG_MESSAGES.featuredBadge, post.excerpt, 'Jordan Lee', '11/25/2026', '7 min read']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
  });

  it('falls back to the created date, the default read time and the fallback icon', async () => {
    serveBlog(postsAnswer([aPostSummary({ category: 'Technology', publish_date: null, created_at: '2026-03-04T12:00:00.000Z', read_time: '' })]));
    renderList();
    const card = await screen.findByRole('article');
    expect(within(card).getByText('03/04/2026')).toBeInTheDocument();
    expect(within(card).getByText(DEFAULT_DISPLAY_READ_TIME)).toBeInTheDocument();
    expect(card.querySelector('[data-category-icon]')?.getAttribute('data-category-icon')).toBe('fallback');
  });

  it.each(['Company', 'Psychology', 'Parenting', 'Strategy', 'Freelancing'])('has an icon of its own for %s', async (category) => {
    serveBlog(postsAnswer([aPostSummary({ category })]));
    renderList();
    const card = await screen.findByRole('article');
    expect(card.querySelector('[data-category-icon]')?.getAttribute('data-category-icon')).toBe(category);
  });

  it('shows the error view with the reason, and Try Again loads the posts', async () => {
    const server = serveBlog({ posts: () => fail(503, 'Blog is resting') });
    renderList();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: BLOG_MESSAGES.listErrorTitle })).toBeInTheDocument();
    expect(within(alert).getByText(BLOG_MESSAGES.listFailed('Blog is resting'))).toBeInTheDocument();

    server.use(postsAnswer([aPostSummary({ title: 'Back again' })]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: BLOG_MESSAGES.tryAgain }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('still lists the posts when only the featured call fails', async () => {
    serveBlog({ posts: ({ query }) => (isFeaturedCall(query) ? fail(500, 'nope') : { posts: [aPostSummary({ title: 'Still here' })] }) });
    renderList();
    expect(await screen.findByRole('link', { name: 'Still here' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: BLOG_MESSAGES.featuredHeading })).not.toBeInTheDocument();
  });

  it('has a Stay Updated box linking to the waitlist', async () => {
    serveBlog(postsAnswer([]));
    renderList();
    await waitFor(() => expect(screen.getByText(BLOG_MESSAGES.noPosts)).toBeInTheDocument());
    const box = screen.getByRole('region', { name: BLOG_MESSAGES.stayUpdatedTitle });
    expect(within(box).getByRole('link').getAttribute('href')).toBe(STAY_UPDATED_TARGET);
    expect(STAY_UPDATED_TARGET).toBe('/#waitlist');
  });
});
