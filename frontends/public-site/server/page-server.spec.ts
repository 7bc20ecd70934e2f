// @vitest-environment node
import { SERVED_DATA_ELEMENT_ID, type BlogPost } from '@payday/contracts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aPost } from '../src/blog/test/fixtures';
import { createPageServer } from './page-server';

// The page server against a stand-in for the blog service (a real HTTP server answering as the blog's public
// endpoints do) and copies shaped like the shell's prerendered ones.

const copyOf = (loading: string) =>
  `<!doctype html><html><head><meta name="description" content="The site." /><title>Blog | PayCadence</title></head>` +
  `<body><div id="root" data-prerendered><main><!--served-view--><p>${loading}</p><!--/served-view--></main></div></body></html>`;

const summary = ({ content: _content, ...rest }: BlogPost) => rest;
const featuredPost = aPost({ slug: 'featured-one', title: 'A featured post', featured: true });
const plainPost = aPost({ slug: 'plain-one', title: 'Bills <after> payday', seo: { title: 'Bills after payday, the how', description: 'How to pay after payday.', keywords: ['payday'] } });

/** What the stand-in blog answers; a test may break it. */
let blogMode: 'ok' | 'failing' = 'ok';
const listening = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

const blog = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://blog');
  const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (blogMode === 'failing') return answer(500, { message: 'Internal server error' });
  if (url.pathname === '/api/blog/posts') {
    const posts = url.searchParams.get('featured') === 'true' ? [featuredPost] : [featuredPost, plainPost];
    return answer(200, { posts: posts.map(summary) });
  }
  const post = [featuredPost, plainPost].find((candidate) => url.pathname === `/api/blog/posts/${candidate.slug}`);
  return post ? answer(200, post) : answer(404, { message: 'Post not found' });
});

let shellDir: string;
let pages: Server;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  shellDir = mkdtempSync(join(tmpdir(), 'page-server-'));
  mkdirSync(join(shellDir, 'prerendered'));
  writeFileSync(join(shellDir, 'prerendered', 'blog.html'), copyOf('Loading blog posts...'));
  writeFileSync(join(shellDir, 'prerendered', 'blog-post.html'), copyOf('Loading post...'));
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  const blogUrl = await listening(blog);
  pages = createPageServer({ blogUrl, copiesDir: join(shellDir, 'prerendered'), log: (line) => logged.push(line) });
  base = await listening(pages);
});

afterAll(() => {
  pages.close();
  blog.close();
  rmSync(shellDir, { recursive: true, force: true });
});

afterEach(() => {
  blogMode = 'ok';
  logged.length = 0;
});

const servedData = (html: string): Record<string, unknown> => {
  const match = new RegExp(`<script type="application/json" id="${SERVED_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]) : {};
};

describe('page server', () => {
  it('answers /blog with both sections rendered from the posts, and the posts for the app', async () => {
    const response = await fetch(`${base}/blog`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).not.toContain('Loading blog posts...');
    expect(html).toContain('Featured Posts');
    expect(html).toContain('<a class="blog-card__link" href="/blog/plain-one"');
    // React escapes the post's text: a title holding markup stays text.
    expect(html).toContain('Bills &lt;after&gt; payday');
    const data = servedData(html);
    expect((data['["blog","posts"]'] as BlogPost[]).map((post) => post.slug)).toEqual(['featured-one', 'plain-one']);
    expect((data['["blog","posts","featured"]'] as BlogPost[]).map((post) => post.slug)).toEqual(['featured-one']);
  });

  it("answers a post's page with the post rendered and its seo title and description in the head", async () => {
    const response = await fetch(`${base}/blog/plain-one`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1 class="blog-post__title">Bills &lt;after&gt; payday<\/h1>/);
    expect(html).toContain('<title>Bills after payday, the how | PayCadence</title>');
    expect(html).toContain('<meta name="description" content="How to pay after payday."');
    expect(Object.keys(servedData(html))).toEqual(['["blog","post","plain-one"]']);
  });

  it('answers an unknown post with 404 and the unfilled copy, for the app to say Post Not Found', async () => {
    const response = await fetch(`${base}/blog/no-such-post`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<!--served-view--><p>Loading post...</p>');
  });

  it('sends the unfilled copy when the blog service fails, and says why in its log', async () => {
    blogMode = 'failing';
    const response = await fetch(`${base}/blog`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Loading blog posts...');
    expect(html).not.toContain(SERVED_DATA_ELEMENT_ID);
    expect(logged.join('\n')).toContain('blog answered 500');
  });

  it('answers only the two pages, to GET and HEAD', async () => {
    expect((await fetch(`${base}/blog/Not-A-Slug`)).status).toBe(404);
    expect((await fetch(`${base}/blogs`)).status).toBe(404);
    expect((await fetch(`${base}/blog/a/b`)).status).toBe(404);
    const post = await fetch(`${base}/blog`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${base}/blog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers its health with its process id (the launcher tells it from another stack by that)', async () => {
    expect(await (await fetch(`${base}/health/ready`)).json()).toEqual({ status: 'ok', pid: process.pid });
  });

  it("sends the shell's own page when the shell was built without copies", async () => {
    rmSync(join(shellDir, 'prerendered', 'blog.html'));
    try {
      const response = await fetch(`${base}/blog`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    } finally {
      writeFileSync(join(shellDir, 'prerendered', 'blog.html'), copyOf('Loading blog posts...'));
    }
  });
});
