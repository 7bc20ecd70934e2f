// The public blog through the gateway (docs/product/accounts.md §2-§4): the seeded list with its featured section,
// a post with its blocks, Copy Link, the call-to-action form joining the waitlist with the block's source,
// Post Not Found, and the tab title and meta description taken from the post's seo fields.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { createAdmin } from './support/admin.js';
import { PASSWORD, uniqueEmail } from './support/session.js';

interface ListedPost {
  slug: string;
  title: string;
  featured: boolean;
  seo: { title?: string } | null;
}

const WAITLIST_SUCCESS = "Thanks for joining! We'll be in touch soon.";

async function publishedPosts(request: APIRequestContext, featured = false): Promise<ListedPost[]> {
  const response = await request.get(`/api/blog/posts${featured ? '?featured=true' : ''}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).posts as ListedPost[];
}

/** The stored waitlist rows for one e-mail, read from the waitlist service's schema (as public-site.e2e does). */
async function storedEntries(email: string): Promise<Array<{ email: string; referral_source: string }>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query('SELECT email, referral_source FROM waitlist.waitlist_entries WHERE email = $1', [email])).rows;
  } finally {
    await client.end();
  }
}

/** A published post of our own, written through the admin API, with seo fields and a call-to-action form. */
async function publishOwnPost(request: APIRequestContext) {
  const admin = await createAdmin(request);
  const login = await request.post('/api/auth/login', { data: { email: admin, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = (await login.json()).session.access_token as string;
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const post = {
    title: `Line up rent with payday ${suffix}`,
    slug: `line-up-rent-with-payday-${suffix}`,
    excerpt: 'Why paying two days after payday beats paying on the due date.',
    category: 'Strategy',
    author: 'E2E Writer',
    featured: false,
    published: true,
    publish_date: '2026-11-25',
    read_time: '4 min read',
    seo: { title: `Rent and payday, in step ${suffix}`, description: 'How to move a due date so rent never comes before the paycheck.', keywords: ['rent', 'payday'] },
    content: {
      blocks: [
        { type: 'intro', content: 'Rent is due on the 1st; pay arrives every other Friday.' },
        { type: 'heading', level: 1, content: 'Ask your landlord' },
        { type: 'paragraph', content: '<script>window.__blogHacked = true</script> stays text.' },
        { type: 'callout', style: 'blue', content: 'Most landlords will move a due date if you ask.' },
        { type: 'heading', level: 2, content: 'Pick the new due date' },
        { type: 'numbered_list', items: ['Write down paydays', { title: 'Pick a date', description: 'two days after payday' }] },
        {
          type: 'cta_section',
          title: 'Get early access',
          content: 'We line up every bill with your paydays.',
          form: { api_endpoint: '/api/waitlist/join', source: 'blog-e2e-cta', placeholder: 'Your e-mail for early access', button_text: 'Count me in' },
        },
        { type: 'faq_section', faqs: [{ question: 'Does it cost anything?', answer: 'Not during the beta.' }] },
      ],
    },
  };
  const created = await request.post('/api/blog/admin/posts', { headers: { authorization: `Bearer ${token}` }, data: post });
  expect(created.status(), await created.text()).toBe(201);
  return post;
}

const main = (page: Page) => page.getByRole('main');

test.describe('public blog', () => {
  test('lists the seeded posts with the featured ones in their own section', async ({ page, request }) => {
    const all = await publishedPosts(request);
    const featured = await publishedPosts(request, true);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(featured.length).toBeGreaterThanOrEqual(1);

    await page.goto('/blog');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    const featuredSection = main(page).getByRole('region', { name: 'Featured Posts' });
    await expect(featuredSection.getByRole('article')).toHaveCount(featured.length);
    for (const post of featured) await expect(featuredSection.getByRole('link', { name: post.title })).toBeVisible();
    const allSection = main(page).getByRole('region', { name: 'All Posts' });
    await expect(allSection.getByRole('article')).toHaveCount(all.length);
    await expect(allSection.getByRole('article').first()).toContainText(/min read/);
    await expect(main(page).getByRole('region', { name: 'Stay Updated' }).getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/#waitlist');
    await expect(page).toHaveTitle('Blog | PayCadence');

    // A card's title leads to its post: a seeded one, as other journeys add and delete posts of their own meanwhile
    // (the newest card can be gone by the time it is opened).
    const first = all.find((post) => post.slug === 'why-we-built-paycadence')!;
    expect(first, 'the seeded post').toBeDefined();
    await allSection.getByRole('link', { name: first.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${first.slug}$`));
    await expect(main(page).getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    // Reached inside the app, the post still names the tab (the shell's route title 'Blog' gives way to it).
    await expect(page).toHaveTitle(`${first.seo?.title || first.title} | PayCadence`);
  });

  test('a post copies its link', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [post] = await publishedPosts(request);
    await page.goto(`/blog/${post!.slug}`);
    await expect(main(page).getByRole('heading', { level: 1, name: post!.title })).toBeVisible();
    await main(page).getByRole('button', { name: 'Copy Link' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Link copied to clipboard!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL!).origin}/blog/${post!.slug}`);
    await main(page).getByRole('link', { name: 'Back to Blog' }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('a post of our own: blocks, seo title and description, and its form joins the waitlist', async ({ page, request }) => {
    test.setTimeout(60_000);
    const post = await publishOwnPost(request);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`/blog/${post.slug}`);
    await expect(main(page).getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page).toHaveTitle(`${post.seo.title} | PayCadence`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', post.seo.description);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', 'rent, payday');
    // Heading levels are clamped: 1 and the editor's default 2 are both h2, so the title stays the only h1
    // and the outline goes h1 → h2 with no skipped level.
    await expect(main(page).getByRole('heading', { level: 2, name: 'Ask your landlord' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Pick the new due date' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(main(page).getByText('<script>window.__blogHacked = true</script> stays text.')).toBeVisible();
    expect(await page.evaluate(() => (window as { __blogHacked?: boolean }).__blogHacked)).toBeUndefined();
    await expect(main(page).getByText('Most landlords will move a due date if you ask.')).toBeVisible();
    await expect(main(page).getByText('two days after payday', { exact: true })).toBeVisible();

    const email = uniqueEmail('blog-cta');
    const field = main(page).getByPlaceholder('Your e-mail for early access');
    await field.fill(email);
    const joined = page.waitForResponse((response) => response.url().endsWith('/api/waitlist/join') && response.request().method() === 'POST');
    await main(page).getByRole('button', { name: 'Count me in' }).click();
    expect((await joined).ok()).toBe(true);
    await expect(main(page).getByText(WAITLIST_SUCCESS)).toBeVisible();
    await expect(field).toHaveValue('');
    expect(await storedEntries(email)).toEqual([{ email, referral_source: 'blog-e2e-cta' }]);

    await main(page).getByText('Does it cost anything?').click();
    await expect(main(page).getByText('Not during the beta.')).toBeVisible();

    // Leaving the post puts the site's own description back.
    await main(page).getByRole('link', { name: 'Back to Blog' }).first().click();
    await expect(page).toHaveTitle('Blog | PayCadence');
    await expect(page.locator('meta[name="description"]')).not.toHaveAttribute('content', post.seo.description);
    await expect(page.locator('meta[name="keywords"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('an unknown slug shows Post Not Found with a way back', async ({ page }) => {
    await page.goto('/blog/no-such-post');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
    await expect(main(page).getByText("The post you're looking for doesn't exist.")).toBeVisible();
    await main(page).getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });
});
