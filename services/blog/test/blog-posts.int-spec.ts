import { BLOG_MESSAGES, BLOG_POST_DEFAULTS, BlogPostSummarySchema, WAITLIST_ENDPOINT_PATH } from '@paycadence/contracts';
import { SettableClock } from '@paycadence/nest-kit';
import { startServiceHarness, TEST_NOW, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { BlogConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { auditJobs, postInput } from './blog-fixtures.js';

// The real service on a fresh schema of the real PostgreSQL, and the real Redis (nest-kit's harness).
let h: ServiceHarness<BlogConfig>;
const clock = new SettableClock(TEST_NOW);

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/blog', callAs: 'admin', clock });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  clock.set(TEST_NOW);
  await h.truncate();
});

async function create(overrides: Parameters<typeof postInput>[0] = {}) {
  const response = await h.call('POST', '/admin/posts', { body: postInput(overrides) });
  expect(response.status).toBe(201);
  return response.body;
}

const slugsOf = (response: { body: { posts: Array<{ slug: string }> } }) => response.body.posts.map((post) => post.slug);

describe('the public blog', () => {
  it('lists published posts only, newest first, to anyone; drafts stay out of the list, the featured list and the slug', async () => {
    await create({ slug: 'oldest', featured: true });
    clock.advance(60_000);
    await create({ slug: 'draft', published: false, featured: true });
    clock.advance(60_000);
    await create({ slug: 'newest' });

    const list = await h.call('GET', '/posts', { token: null });
    expect(list.status).toBe(200);
    expect(slugsOf(list)).toEqual(['newest', 'oldest']);
    expect(list.body.posts.every((post: unknown) => BlogPostSummarySchema.strict().safeParse(post).success)).toBe(true);

    const featured = await h.call('GET', '/posts?featured=true', { token: null });
    expect(slugsOf(featured)).toEqual(['oldest']);

    const draft = await h.call('GET', '/posts/draft', { token: null });
    expect(draft.status).toBe(404);
    expect(draft.body).toEqual({ message: BLOG_MESSAGES.postNotFound });
  });

  it('answers one published post by slug; an unknown or malformed slug is the same 404', async () => {
    const created = await create({ slug: 'by-slug' });
    const found = await h.call('GET', '/posts/by-slug', { token: null });
    expect(found.status).toBe(200);
    expect(found.body).toEqual(created);
    for (const slug of ['no-such-post', 'Not%20A%20Slug', '..%2F..%2Fetc']) {
      const missing = await h.call('GET', `/posts/${slug}`, { token: null });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(BLOG_MESSAGES.postNotFound);
    }
  });

  it('lists summaries without the content; the post itself carries it', async () => {
    const created = await create({ slug: 'long-read', featured: true, content: { blocks: [{ type: 'paragraph', content: 'The whole text.' }] } });
    const { content, ...summary } = created;
    for (const path of ['/posts', '/posts?featured=true']) {
      const list = await h.call('GET', path, { token: null });
      expect(list.body.posts).toEqual([summary]);
    }
    expect((await h.call('GET', '/posts/long-read', { token: null })).body.content).toEqual(content);
    expect((await h.call('GET', '/admin/posts')).body.posts[0].content).toEqual(content);
  });

  it('ignores a bearer token, even a bad one, and has browsers and shared caches revalidate every answer', async () => {
    await create({ slug: 'open' });
    for (const token of [h.userA.token, 'not-a-token']) {
      const list = await h.call('GET', '/posts', { token });
      expect(list.status).toBe(200);
      expect(slugsOf(list)).toEqual(['open']);
    }
    for (const path of ['/posts', '/posts?featured=true', '/posts/open']) {
      expect((await h.call('GET', path, { token: null })).headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('refuses an unknown list filter with 400', async () => {
    expect((await h.call('GET', '/posts?featured=maybe', { token: null })).status).toBe(400);
  });
});

describe('admin access', () => {
  const routes: Array<{ method: string; path: string; body?: unknown }> = [
    { method: 'GET', path: '/admin/posts' },
    { method: 'POST', path: '/admin/posts', body: postInput() },
    { method: 'PUT', path: '/admin/posts/3f6c2a1e-0000-4000-8000-000000000001', body: postInput() },
    { method: 'DELETE', path: '/admin/posts/3f6c2a1e-0000-4000-8000-000000000001' },
  ];

  it.each(routes)('$method $path: 401 without a token or with a bad one, 403 for a user, nothing written', async ({ method, path, body }) => {
    expect((await h.call(method, path, { token: null, body })).status).toBe(401);
    expect((await h.call(method, path, { token: 'garbage', body })).status).toBe(401);
    const asUser = await h.call(method, path, { token: h.userA.token, body });
    expect(asUser.status).toBe(403);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".blog_posts`)).rows[0].n).toBe(0);
  });
});

describe('the blog admin', () => {
  it('lists every post, drafts too, newest first', async () => {
    await create({ slug: 'published-one' });
    clock.advance(1000);
    await create({ slug: 'a-draft', published: false });
    const list = await h.call('GET', '/admin/posts');
    expect(list.status).toBe(200);
    expect(slugsOf(list)).toEqual(['a-draft', 'published-one']);
    expect(list.headers.get('cache-control')).toBe('no-store');
  });

  it("creates a post with the editor's defaults for what it leaves out, ignoring id and timestamps sent along", async () => {
    const response = await h.call('POST', '/admin/posts', {
      body: {
        title: 'Minimal',
        slug: 'minimal',
        content: { blocks: [] },
        id: '3f6c2a1e-0000-4000-8000-000000000001',
        created_at: '2001-01-01T00:00:00.000Z',
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      slug: 'minimal',
      author: BLOG_POST_DEFAULTS.author,
      category: BLOG_POST_DEFAULTS.category,
      read_time: BLOG_POST_DEFAULTS.read_time,
      featured: false,
      published: true,
      excerpt: '',
      image_url: null,
      publish_date: null,
      seo: null,
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
    });
    expect(response.body.id).not.toBe('3f6c2a1e-0000-4000-8000-000000000001');
  });

  it('replaces the whole post on update and sets updated_at to now, keeping created_at', async () => {
    const created = await create({ slug: 'to-edit', published: false });
    clock.advance(3_600_000);
    const edited = await h.call('PUT', `/admin/posts/${created.id}`, {
      body: { ...created, title: 'Edited', published: true, publish_date: '2026-03-11', seo: { title: 'SEO title' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.id,
      title: 'Edited',
      published: true,
      publish_date: '2026-03-11T00:00:00.000Z',
      seo: { title: 'SEO title' },
      created_at: TEST_NOW,
      updated_at: '2026-03-10T13:00:00.000Z',
    });
    expect((await h.call('GET', '/posts/to-edit', { token: null })).body.title).toBe('Edited');
  });

  it('refuses a save based on an older copy with 409 editConflict and keeps the other admin’s changes', async () => {
    const loaded = await create({ slug: 'shared', title: 'Original' });
    // Two admins open the same post; the first saves an hour later.
    clock.advance(3_600_000);
    const first = await h.call('PUT', `/admin/posts/${loaded.id}`, { body: { ...loaded, title: 'First edit' } });
    expect(first.status).toBe(200);
    expect(first.body.updated_at).toBe('2026-03-10T13:00:00.000Z');

    clock.advance(60_000);
    const stale = await h.call('PUT', `/admin/posts/${loaded.id}`, { body: { ...loaded, title: 'Second edit' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: BLOG_MESSAGES.editConflict, errors: { updated_at: BLOG_MESSAGES.editConflict } });
    expect((await h.call('GET', '/posts/shared', { token: null })).body).toMatchObject({ title: 'First edit', updated_at: first.body.updated_at });

    // Reloaded, the second admin's save goes through.
    const again = await h.call('PUT', `/admin/posts/${loaded.id}`, { body: { ...first.body, title: 'Second edit' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ title: 'Second edit', updated_at: '2026-03-10T13:01:00.000Z' });
  });

  it('lets the last save win when no updated_at is sent, and refuses one that is not an ISO instant', async () => {
    const { id, updated_at: _loaded, ...post } = await create({ slug: 'no-precondition', title: 'Original' });
    clock.advance(60_000);
    expect((await h.call('PUT', `/admin/posts/${id}`, { body: { ...post, title: 'One' } })).status).toBe(200);
    const last = await h.call('PUT', `/admin/posts/${id}`, { body: { ...post, title: 'Two' } });
    expect(last.status).toBe(200);
    expect(last.body.title).toBe('Two');
    const malformed = await h.call('PUT', `/admin/posts/${id}`, { body: { ...post, updated_at: 'yesterday' } });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['updated_at']);
  });

  it('answers a conflict-checked save of a deleted post with 404', async () => {
    const loaded = await create({ slug: 'gone' });
    expect((await h.call('DELETE', `/admin/posts/${loaded.id}`)).status).toBe(204);
    expect((await h.call('PUT', `/admin/posts/${loaded.id}`, { body: loaded })).status).toBe(404);
  });

  it('answers an unknown or malformed id with 404 on update and delete', async () => {
    for (const id of ['3f6c2a1e-0000-4000-8000-000000000001', 'not-a-uuid', "1'%20OR%20'1'='1"]) {
      const update = await h.call('PUT', `/admin/posts/${id}`, { body: postInput() });
      expect(update.status).toBe(404);
      expect(update.body).toEqual({ message: BLOG_MESSAGES.postNotFound });
      expect((await h.call('DELETE', `/admin/posts/${id}`)).status).toBe(404);
    }
  });

  it('deletes a post (204): gone from the admin list and the public blog', async () => {
    const created = await create({ slug: 'to-delete' });
    const deleted = await h.call('DELETE', `/admin/posts/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect(slugsOf(await h.call('GET', '/admin/posts'))).toEqual([]);
    expect((await h.call('GET', '/posts/to-delete', { token: null })).status).toBe(404);
    expect((await h.call('DELETE', `/admin/posts/${created.id}`)).status).toBe(404);
  });

  it('refuses a taken slug with 409 on create and on update, and loses nothing', async () => {
    const first = await create({ slug: 'taken', title: 'First' });
    const second = await create({ slug: 'other', title: 'Second' });

    const duplicate = await h.call('POST', '/admin/posts', { body: postInput({ slug: 'taken', title: 'Duplicate' }) });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: BLOG_MESSAGES.slugTaken });

    const renamed = await h.call('PUT', `/admin/posts/${second.id}`, { body: { ...second, slug: 'taken', title: 'Renamed' } });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toEqual({ message: BLOG_MESSAGES.slugTaken });

    const list = (await h.call('GET', '/admin/posts')).body.posts;
    expect(list.map((post: { slug: string; title: string }) => [post.slug, post.title]).sort()).toEqual([
      ['other', 'Second'],
      ['taken', 'First'],
    ]);
    expect((await h.call('GET', '/posts/taken', { token: null })).body.id).toBe(first.id);
  });

  it('takes a post of a few hundred KB and refuses one over the body limit with 413', async () => {
    const paragraph = { type: 'paragraph', content: 'x'.repeat(19_000) };
    const big = await h.call('POST', '/admin/posts', { body: postInput({ slug: 'big', content: { blocks: Array(20).fill(paragraph) } }) });
    expect(big.status).toBe(201);
    const tooBig = await h.call('POST', '/admin/posts', { body: postInput({ slug: 'too-big', content: { blocks: Array(30).fill(paragraph) } }) });
    expect(tooBig.status).toBe(413);
  });
});

describe('content the server refuses (docs/product/accounts.md §5)', () => {
  async function refused(content: unknown, overrides: Record<string, unknown> = {}) {
    const response = await h.call('POST', '/admin/posts', { body: postInput({ content: content as never, ...overrides }) });
    expect(response.status).toBe(400);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".blog_posts`)).rows[0].n).toBe(0);
    return response.body;
  }

  it.each([
    ['no content object', null],
    ['no blocks array', {}],
    ['blocks that are not an array', { blocks: 'paragraph' }],
  ])('%s: "Content must have a blocks array"', async (_label, content) => {
    expect(await refused(content)).toEqual({ message: BLOG_MESSAGES.contentNeedsBlocks, errors: { content: BLOG_MESSAGES.contentNeedsBlocks } });
  });

  it('an unknown block type, named with its index, as the message the editor shows', async () => {
    const body = await refused({ blocks: [{ type: 'paragraph', content: 'fine' }, { type: 'script', content: 'alert(1)' }] });
    expect(body.message).toBe('Invalid block type "script" at index 1');
    expect(body.errors).toEqual({ 'content.blocks.1.type': 'Invalid block type "script" at index 1' });
  });

  it('a content error is the message even when another field is wrong too', async () => {
    const body = await refused({ blocks: [{ type: 'video' }] }, { title: '' });
    expect(body.message).toBe(BLOG_MESSAGES.invalidBlockType('video', 0));
    expect(body.errors.title).toBe('Title is required');
  });

  it('a javascript: button link', async () => {
    const body = await refused({ blocks: [{ type: 'cta_section', title: 'Click', button_text: 'Go', button_link: 'javascript:alert(document.cookie)' }] });
    expect(body.errors['content.blocks.0.button_link']).toBe('The button link must be an http(s) address or a path on this site');
  });

  it('a call-to-action form posting anywhere but the waitlist', async () => {
    const form = { api_endpoint: 'https://evil.example/steal', source: 'blog-cta', button_text: 'Join' };
    const body = await refused({ blocks: [{ type: 'cta_section', title: 'Join', form }] });
    expect(body.errors['content.blocks.0.form.api_endpoint']).toBe(`A call-to-action form can only post to ${WAITLIST_ENDPOINT_PATH}`);
  });

  it('a source that is not an http(s) URL, and a heading level or callout style out of range', async () => {
    const body = await refused({
      blocks: [
        { type: 'sources_section', sources: [{ title: 'Bad', url: 'javascript:alert(1)' }] },
        { type: 'heading', level: 7, content: 'Too deep' },
        { type: 'callout', style: 'purple', content: 'Nope' },
      ],
    });
    expect(body.errors).toMatchObject({
      'content.blocks.0.sources.0.url': 'A source URL must be an http:// or https:// address',
      'content.blocks.1.level': 'Heading level must be 1, 2, 3 or 4',
      'content.blocks.2.style': 'Callout style must be blue, red, teal or yellow',
    });
  });

  it('keeps script-looking text as plain text, exactly as written (the blog renders text, never HTML)', async () => {
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const created = await create({ slug: 'plain-text', title: text, content: { blocks: [{ type: 'paragraph', content: text }] } });
    const read = await h.call('GET', '/posts/plain-text', { token: null });
    expect(read.body.title).toBe(text);
    expect(read.body.content.blocks[0].content).toBe(text);
    expect(read.body.id).toBe(created.id);
  });
});

describe('audit', () => {
  it("records each create, update and delete as a record-audit job on admin's queue, with the admin as actor", async () => {
    const created = await create({ slug: 'audited' });
    await h.call('PUT', `/admin/posts/${created.id}`, { body: { ...created, title: 'Audited again' } });
    await h.call('DELETE', `/admin/posts/${created.id}`);
    const jobs = (await auditJobs(h, 3)).filter((job) => job.details.postId === created.id);
    expect(jobs.map((job) => job.kind)).toEqual(['blog.post-created', 'blog.post-updated', 'blog.post-deleted']);
    expect(jobs.every((job) => job.actor.id === h.admin.id)).toBe(true);
    expect(jobs[1].details).toMatchObject({ slug: 'audited', title: 'Audited again' });
  });
});
