import { BLOG_MESSAGES } from '@paycadence/contracts';
import { renderWithProviders, TEST_USER } from '@paycadence/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../test/fixtures.js';
import { blogPost, serveBlogApi, type BlogStubServer } from '../test/blog.js';
import { fail, never } from '../test/server.js';
import { BlogAdminPage } from './BlogAdminPage.js';

const published = blogPost({ title: 'Teachers and the Summer Pay Gap', slug: 'teachers-and-the-summer-pay-gap', category: 'Strategy' });
const featured = blogPost({ title: 'Why We Built PayCadence', slug: 'why-we-built-paycadence', featured: true, category: 'Company', author: 'Ada Admin', read_time: '' });
const draft = blogPost({ title: 'Shift Work Notes', slug: 'shift-work-notes', published: false, category: 'Freelancing', publish_date: null, content: { blocks: [{ type: 'paragraph', content: 'x' }] } });

let server: BlogStubServer;
beforeEach(() => {
  server = serveBlogApi({ adminPosts: () => ({ posts: [published, featured, draft] }) });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (user = ADMIN) => renderWithProviders(<BlogAdminPage />, { user, toasts: true });
const rowOf = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('Blog admin list (docs/product/signed-in.md §2, §4)', () => {
  it('greets the admin by first name with the Admin badge, and by the e-mail name when the first name is Admin', async () => {
    const { unmount } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Admin' })).toBeInTheDocument();
    expect(screen.getByText('Hi Ada!')).toBeInTheDocument();
    expect(screen.getByText('Admin', { selector: '.pc-badge' })).toBeInTheDocument();
    unmount();
    renderPage({ ...ADMIN, firstName: 'Admin', email: 'ops.lead@example.com' });
    expect(screen.getByText('Hi ops.lead!')).toBeInTheDocument();
  });

  it("says 'Loading posts...' while the list loads", () => {
    server.use({ adminPosts: never });
    renderPage();
    expect(screen.getByText(BLOG_MESSAGES.loadingAdminPosts)).toBeInTheDocument();
  });

  it('shows each row: title, badges, category, excerpt, author, date, read time and blocks', async () => {
    renderPage();
    const row = within(await screen.findByRole('heading', { level: 3, name: 'Why We Built PayCadence' }).then((h) => h.closest('li')!));
    expect(row.getByText('Featured')).toBeInTheDocument();
    expect(row.getByText('Published')).toBeInTheDocument();
    expect(row.getByText('Company')).toBeInTheDocument();
    expect(row.getByText(featured.excerpt)).toBeInTheDocument();
    expect(row.getByText('Ada Admin')).toBeInTheDocument();
    expect(row.getByText('02/09/2026')).toBeInTheDocument();
    expect(row.getByText('5 min read')).toBeInTheDocument(); // the display default for an empty read time
    expect(row.getByText('2 blocks')).toBeInTheDocument();
    const draftRow = within(rowOf('Shift Work Notes'));
    expect(draftRow.getByText('Draft')).toBeInTheDocument();
    expect(draftRow.queryByText('Published')).toBeNull();
    expect(draftRow.getByText('1 block')).toBeInTheDocument();
  });

  it('filters with the four tabs, each with its count', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Shift Work Notes' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All Posts (3)', 'Published (2)', 'Drafts (1)', 'Featured (1)']);
    await userEvent.click(tab(/^Drafts/));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Shift Work Notes']);
    await userEvent.click(tab(/^Published/));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Teachers and the Summer Pay Gap', 'Why We Built PayCadence']);
    await userEvent.click(tab(/^Featured/));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Why We Built PayCadence']);
  });

  it("says 'No posts found for the selected filter.' for an empty filter", async () => {
    server.use({ adminPosts: () => ({ posts: [published] }) });
    renderPage();
    await screen.findByRole('heading', { level: 3, name: published.title });
    await userEvent.click(tab(/^Featured/));
    expect(screen.getByText(BLOG_MESSAGES.noPostsForFilter)).toBeInTheDocument();
  });

  it('offers Social only for published posts, and View opens /blog/{slug} in a new tab', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Shift Work Notes' });
    expect(within(rowOf('Shift Work Notes')).queryByRole('button', { name: /^Social/ })).toBeNull();
    expect(within(rowOf(published.title)).getByRole('button', { name: /^Social/ })).toBeInTheDocument();
    const view = within(rowOf(published.title)).getByRole('link', { name: /^View/ });
    expect(view).toHaveAttribute('href', '/blog/teachers-and-the-summer-pay-gap');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
  });

  it('asks before deleting, deletes, says so and reloads the list', async () => {
    server.use({ deletePost: () => undefined });
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Shift Work Notes' });
    await userEvent.click(within(rowOf('Shift Work Notes')).getByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete "Shift Work Notes"?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('deletePost')).toHaveLength(0);

    server.use({ adminPosts: () => ({ posts: [published, featured] }) });
    await userEvent.click(within(rowOf('Shift Work Notes')).getByRole('button', { name: /^Delete/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BLOG_MESSAGES.deleted)).toBeInTheDocument();
    expect(server.calls('deletePost')[0]!.params.id).toBe(draft.id);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Shift Work Notes' })).toBeNull());
    expect(server.calls('adminPosts')).toHaveLength(2);
    expect(tab(/^All Posts/)).toHaveTextContent('All Posts (2)');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create New Post' })).toHaveFocus());
  });

  it("says 'Failed to delete post' when the delete is refused", async () => {
    server.use({ deletePost: () => fail(500, 'Database down') });
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Shift Work Notes' });
    await userEvent.click(within(rowOf('Shift Work Notes')).getByRole('button', { name: /^Delete/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByText(BLOG_MESSAGES.deleteFailed);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });

  it('keeps a failed list load silent: no error text, no empty-list text, a way to reload', async () => {
    server.use({ adminPosts: () => fail(503, 'Blog is down') });
    renderPage();
    const reload = await screen.findByRole('button', { name: 'Reload posts' });
    expect(screen.queryByText('Blog is down')).toBeNull();
    expect(screen.queryByText(BLOG_MESSAGES.noPostsForFilter)).toBeNull();
    server.use({ adminPosts: () => ({ posts: [published] }) });
    await userEvent.click(reload);
    expect(await screen.findByRole('heading', { level: 3, name: published.title })).toBeInTheDocument();
  });

  it('saves a new post, says so, closes the editor and reloads the list', async () => {
    server.use({ createPost: () => blogPost({ title: 'Fresh', slug: 'fresh' }) });
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Shift Work Notes' });
    await userEvent.click(screen.getByRole('button', { name: 'Create New Post' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Create New Post' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Fresh');
    server.use({ adminPosts: () => ({ posts: [blogPost({ title: 'Fresh', slug: 'fresh' }), published, featured, draft] }) });
    await userEvent.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText(BLOG_MESSAGES.saved)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Create New Post' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 3, name: 'Fresh' })).toBeInTheDocument();
    expect(server.calls('adminPosts').length).toBeGreaterThanOrEqual(2);
  });

  it('logs out and returns home, closing the queue board too', async () => {
    server.use({ logout: () => undefined, endQueueBoardSession: () => undefined });
    renderWithProviders(
      <Routes>
        <Route path="/blog-admin" element={<BlogAdminPage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>,
      { user: ADMIN, route: '/blog-admin' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('logout')).toHaveLength(1));
    // Sent with the admin's token, before the session ended.
    expect(server.calls('endQueueBoardSession')).toHaveLength(1);
    expect(server.calls('endQueueBoardSession')[0]!.authorization).toMatch(/^Bearer /);
  });

  it('shows Access Denied to a non-admin and loads nothing', () => {
    renderPage(TEST_USER);
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Post' })).toBeNull();
    expect(server.calls('adminPosts')).toHaveLength(0);
  });
});
