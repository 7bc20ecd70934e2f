import { BLOG_MESSAGES, DEFAULT_DISPLAY_READ_TIME, servedDataKey, type BlogBlock } from '@paycadence/contracts';
import { useDocumentTitle } from '@paycadence/web-kit';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blogKeys } from './blog-queries';
import { BlogPostPage } from './BlogPostPage';

import { aPost, fail, forgetServedPage, never, serveBlog, serveData } from './test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetServedPage();
});

const SITE_DESCRIPTION = 'PayCadence keeps your bill due dates in step with your paydays.';
beforeEach(() => {
  // What the shell's page carries before a post loads.
  document.title = 'Blog | PayCadence';
  document.head.querySelectorAll('meta[name="description"], meta[name="keywords"]').forEach((meta) => meta.remove());
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = SITE_DESCRIPTION;
  document.head.append(meta);
});

const metaContent = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

const renderPost = (slug: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/blog/:slug" element={<BlogPostPage />} />
    </Routes>,
    { user: null, route: `/blog/${slug}` },
  );

describe('BlogPostPage', () => {
  it('starts from the post the page was served with: no loading view, no request, and the post names the tab', () => {
    const post = aPost({ slug: 'served-post', title: 'Served with the page' });
    serveData({ [servedDataKey(blogKeys.post(post.slug))]: post });
    const server = serveBlog({ post: never });
    renderPost(post.slug);
    expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.loadingPost)).not.toBeInTheDocument();
    expect(server.calls('post')).toHaveLength(0);
    expect(document.title).toBe(`${post.title} | PayCadence`);
  });

  it('leaves the tab to the next page once the visitor leaves a post (its route names itself first)', async () => {
    const post = aPost({ slug: 'then-about', title: 'A post before About' });
    serveBlog({ post: () => post });
    function AboutScreen() {
      useDocumentTitle('About');
      return <p>About us</p>;
    }
    function PostScreen() {
      useDocumentTitle('Blog');
      return (
        <>
          <Link to="/about">About</Link>
          <BlogPostPage />
        </>
      );
    }
    renderWithProviders(
      <Routes>
        <Route path="/blog/:slug" element={<PostScreen />} />
        <Route path="/about" element={<AboutScreen />} />
      </Routes>,
      { user: null, route: `/blog/${post.slug}` },
    );
    await screen.findByRole('heading', { level: 1, name: post.title });
    expect(document.title).toBe(`${post.title} | PayCadence`);
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    await screen.findByText('About us');
    expect(document.title).toBe('About | PayCadence');
  });

  it("puts the site's description back, and removes the keywords, that the page server wrote for a served post", () => {
    const post = aPost({ slug: 'served-head', seo: { title: 'Served', description: 'About the post.', keywords: ['rent'] } });
    serveData({ [servedDataKey(blogKeys.post(post.slug))]: post });
    // As the page server writes them (server/served-document.ts).
    const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')!;
    description.content = 'About the post.';
    description.setAttribute('data-page-default', SITE_DESCRIPTION);
    const keywords = document.createElement('meta');
    keywords.name = 'keywords';
    keywords.content = 'rent';
    keywords.setAttribute('data-page-default', '');
    document.head.append(keywords);
    serveBlog({ post: never });
    const { unmount } = renderPost(post.slug);
    expect(metaContent('description')).toBe('About the post.');
    expect(metaContent('keywords')).toBe('rent');
    unmount();
    expect(metaContent('description')).toBe(SITE_DESCRIPTION);
    expect(document.head.querySelector('meta[name="keywords"]')).toBeNull();
  });

  it('says it is loading while the post is on its way', () => {
    serveBlog({ post: never });
    renderPost('anything');
    expect(screen.getByText(BLOG_MESSAGES.loadingPost)).toBeInTheDocument();
  });

  it('shows the whole post: category, Featured, title, author, date, read time, image, excerpt and blocks', async () => {
    const post = aPost({
      slug: 'pay-after-payday',
      title: 'Pay each bill after payday',
      category: 'Freelancing',
      featured: true,
      author: 'Riley Park',
      publish_date: '2026-11-25T08:00:00.000Z',
      read_time: '',
      image_url: '/api/blog/images/3f2a9cQx7LmN0pRsTu.png',
      image_alt: 'A calendar with paydays circled',
      excerpt: 'A two-day buffer changes everything.',
      content: { blocks: [{ type: 'paragraph', content: 'The first paragraph.' } as BlogBlock] },
    });
    const server = serveBlog({ post: () => post });
    renderPost('pay-after-payday');
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    for (const text of ['Freelancing', BLOG_MESSAGES.featuredBadge, 'Riley Park', '11/25/2026', DEFAULT_DISPLAY_READ_TIME, post.excerpt, 'The first paragraph.']) {
      expect(within(article).getByText(text)).toBeInTheDocument();
    }
    const image = within(article).getByRole('img', { name: 'A calendar with paydays circled' });
    expect(image.getAttribute('src')).toBe('/api/blog/images/3f2a9cQx7LmN0pRsTu.png');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(within(article).getAllByRole('link', { name: /Back to Blog/ })[0]!.getAttribute('href')).toBe('/blog');
    expect(server.calls('post').map((call) => call.params.slug)).toEqual(['pay-after-payday']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('draws no image whose address is not http(s) or an uploaded image', async () => {
    serveBlog({ post: () => aPost({ image_url: 'javascript:alert(1)', image_alt: 'Sneaky' }) });
    renderPost('x');
    await screen.findByRole('article');
    expect(screen.queryByRole('img', { name: 'Sneaky' })).not.toBeInTheDocument();
  });

  it('copies the post address and says so', async () => {
    serveBlog({ post: () => aPost({ slug: 'copy-me' }) });
    const user = userEvent.setup(); // installs a clipboard stub
    renderPost('copy-me');
    await user.click(await screen.findByRole('button', { name: BLOG_MESSAGES.copyLink }));
    expect(await screen.findByText(BLOG_MESSAGES.linkCopied)).toBeInTheDocument();
    expect(screen.getByText(BLOG_MESSAGES.linkCopied).closest('[role="status"]')).not.toBeNull();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/blog/copy-me`);
  });

  it('says it again on every click: the message is inserted anew in the live region each time', async () => {
    serveBlog({ post: () => aPost({ slug: 'copy-twice' }) });
    const user = userEvent.setup();
    renderPost('copy-twice');
    const button = await screen.findByRole('button', { name: BLOG_MESSAGES.copyLink });
    const region = screen.getByRole('status');
    // A live region announces what is added to it: count the times the message is added.
    let announced = 0;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node.textContent?.includes(BLOG_MESSAGES.linkCopied)) announced += 1;
      }
    });
    observer.observe(region, { childList: true, subtree: true, characterData: true });
    await user.click(button);
    await waitFor(() => expect(announced).toBe(1));
    await user.click(button);
    await waitFor(() => expect(announced).toBe(2));
    observer.disconnect();
    expect(within(region).getAllByText(BLOG_MESSAGES.linkCopied)).toHaveLength(1);
  });

  it('shows the address to copy by hand when the clipboard refuses', async () => {
    serveBlog({ post: () => aPost({ slug: 'no-clipboard' }) });
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderPost('no-clipboard');
    await user.click(await screen.findByRole('button', { name: BLOG_MESSAGES.copyLink }));
    expect(await screen.findByText(`${window.location.origin}/blog/no-clipboard`)).toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.linkCopied)).not.toBeInTheDocument();
  });

  it('shows Post Not Found with a way back when the API answers 404', async () => {
    serveBlog({ post: () => fail(404, BLOG_MESSAGES.postNotFound) });
    renderPost('no-such-post');
    expect(await screen.findByRole('heading', { level: 1, name: BLOG_MESSAGES.postNotFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(BLOG_MESSAGES.postNotFoundBody)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
    expect(document.title).toBe(`${BLOG_MESSAGES.postNotFound} | PayCadence`);
    expect(screen.queryByRole('button', { name: BLOG_MESSAGES.tryAgain })).not.toBeInTheDocument();
  });

  it('says Failed to load post on any other failure, and Try Again loads it', async () => {
    const server = serveBlog({ post: () => fail(500, 'Database unavailable') });
    renderPost('flaky');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: BLOG_MESSAGES.postLoadFailed })).toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.postNotFoundTitle)).not.toBeInTheDocument();

    server.use({ post: () => aPost({ title: 'Loaded at last' }) });
    await userEvent.setup().click(within(alert).getByRole('button', { name: BLOG_MESSAGES.tryAgain }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Loaded at last' })).toBeInTheDocument();
  });

  it('sets the tab title, description and keywords from the seo fields, and puts them back on leaving', async () => {
    serveBlog({
      post: () =>
        aPost({
          title: 'The long title',
          excerpt: 'The excerpt.',
          seo: { title: 'Short SEO title', description: 'What search engines read.', keywords: ['bills', 'payday'] },
        }),
    });
    const { unmount } = renderPost('seo');
    await screen.findByRole('article');
    expect(document.title).toBe('Short SEO title | PayCadence');
    expect(metaContent('description')).toBe('What search engines read.');
    expect(metaContent('keywords')).toBe('bills, payday');

    unmount();
    expect(document.title).toBe('Blog | PayCadence');
    expect(metaContent('description')).toBe(SITE_DESCRIPTION);
    expect(metaContent('keywords')).toBeUndefined();
  });

  it('falls back to the post title and excerpt without seo fields', async () => {
    serveBlog({ post: () => aPost({ title: 'Plain title', excerpt: 'Plain excerpt.', seo: null }) });
    renderPost('plain');
    await waitFor(() => expect(document.title).toBe('Plain title | PayCadence'));
    expect(metaContent('description')).toBe('Plain excerpt.');
    expect(metaContent('keywords')).toBeUndefined();
  });
});
