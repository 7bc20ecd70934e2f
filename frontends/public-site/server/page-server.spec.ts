// @vitest-environment node
import { SERVED_DATA_ELEMENT_ID, type BlogPost } from '@paycadence/contracts';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aPost } from '../src/blog/test/fixtures';
import { createPageServer } from './page-server';

// The page server against stand-ins for the blog service and the shell: real HTTP servers answering as the
// blog's public endpoints and the shell's prerendered copies do. Each test may change what they answer.

const copyOf = (loading: string) =>
  `<!doctype html><html><head><meta name="description" content="The site." /><title>Blog | PayCadence</title></head>` +
  `<body><div id="root" data-prerendered><main><!--served-view--><p>${loading}</p><!--/served-view--></main></div></body></html>`;
const SHELL_INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

const summary = ({ content: _content, ...rest }: BlogPost) => rest;
const featuredPost = aPost({ slug: 'featured-one', title: 'A featured post', featured: true });
const plainPost = aPost({ slug: 'plain-one', title: 'Bills <after> payday', seo: { title: 'Bills after payday, the how', description: 'How to pay after payday.', keywords: ['payday'] } });

/** What the stand-ins answer; a test may change it. */
const world = {
  blog: 'ok' as 'ok' | 'failing' | 'slow' | 'slow post' | 'featured failing',
  shell: 'copies' as 'copies' | 'index only' | 'no copies' | 'down',
  blogCalls: [] as string[],
  shellCalls: [] as string[],
};
const listening = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

const blog = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://blog');
  world.blogCalls.push(url.pathname + url.search);
  const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (world.blog === 'failing') return answer(500, { message: 'Internal server error' });
  if (world.blog === 'slow') return void setTimeout(() => answer(200, { posts: [] }), 3_000);
  if (url.pathname === '/api/blog/posts') {
    const featured = url.searchParams.get('featured') === 'true';
    if (featured && world.blog === 'featured failing') return answer(500, { message: 'Internal server error' });
    return answer(200, { posts: (featured ? [featuredPost] : [featuredPost, plainPost]).map(summary) });
  }
  const post = [featuredPost, plainPost].find((candidate) => url.pathname === `/api/blog/posts/${candidate.slug}`);
  if (post && world.blog === 'slow post') return void setTimeout(() => answer(200, post), 300);
  return post ? answer(200, post) : answer(404, { message: 'Post not found' });
});

const shell = createServer((request, response) => {
  world.shellCalls.push(request.url ?? '');
  if (world.shell === 'down') return response.writeHead(503).end('unavailable');
  // A shell server that answers a missing file with 404 instead of its page.
  if (world.shell === 'no copies') {
    if (request.url === '/index.html') return response.writeHead(200, { 'content-type': 'text/html' }).end(SHELL_INDEX);
    return response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
  }
  const copies: Record<string, string> = { '/prerendered/blog.html': copyOf('Loading blog posts...'), '/prerendered/blog-post.html': copyOf('Loading post...') };
  // Like the shell's nginx: a file it does not have answers its index.html.
  return response.writeHead(200, { 'content-type': 'text/html' }).end(world.shell === 'copies' ? (copies[request.url ?? ''] ?? SHELL_INDEX) : SHELL_INDEX);
});

let blogUrl: string;
let shellUrl: string;
const servers: Server[] = [];
const logged: string[] = [];

/** A page server of its own for each test, so no test sees another's cached pages or copies. */
async function pageServer(options: { copyCacheMs?: number; dataTimeoutMs?: number } = {}): Promise<string> {
  const server = createPageServer({ blogUrl, shellUrl, dataTimeoutMs: 500, copyCacheMs: 0, log: (line) => logged.push(line), ...options });
  servers.push(server);
  return listening(server);
}

beforeAll(async () => {
  blogUrl = await listening(blog);
  shellUrl = await listening(shell);
});

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  Object.assign(world, { blog: 'ok', shell: 'copies', blogCalls: [], shellCalls: [] });
  logged.length = 0;
});

afterAll(() => {
  blog.closeAllConnections();
  blog.close();
  shell.close();
});

const servedData = (html: string): Record<string, unknown> => {
  const match = new RegExp(`<script type="application/json" id="${SERVED_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : {};
};

describe('page server', () => {
  it('answers /blog with both sections rendered from the posts, and the posts for the app', async () => {
    const response = await fetch(`${await pageServer()}/blog`);
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
    const response = await fetch(`${await pageServer()}/blog/plain-one`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1 class="blog-post__title">Bills &lt;after&gt; payday<\/h1>/);
    expect(html).toContain('<title>Bills after payday, the how | PayCadence</title>');
    expect(html).toContain('<meta name="description" content="How to pay after payday."');
    expect(Object.keys(servedData(html))).toEqual(['["blog","post","plain-one"]']);
  });

  it('answers an unknown post, or a segment that is no slug, with 404 and the unfilled copy for the app to say Post Not Found', async () => {
    const base = await pageServer();
    const unknown = await fetch(`${base}/blog/no-such-post`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<!--served-view--><p>Loading post...</p>');
    for (const path of ['/blog/Not-A-Slug', '/blog/two--hyphens', '/blog/-leading', `/blog/${'a'.repeat(121)}`]) {
      const refused = await fetch(`${base}${path}`);
      expect(refused.status, path).toBe(404);
      expect(await refused.text(), path).toContain('Loading post...');
    }
    // Only the unknown slug reached the blog service.
    expect(world.blogCalls).toEqual(['/api/blog/posts/no-such-post']);
  });

  it('sends the unfilled copy when the blog service fails, and says why in its log', async () => {
    world.blog = 'failing';
    const response = await fetch(`${await pageServer()}/blog`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Loading blog posts...');
    expect(html).not.toContain(SERVED_DATA_ELEMENT_ID);
    expect(logged.join('\n')).toContain('blog answered 500');
  });

  it('does not wait for a slow blog service longer than its data budget', async () => {
    world.blog = 'slow';
    const started = Date.now();
    const response = await fetch(`${await pageServer()}/blog`);
    expect(await response.text()).toContain('Loading blog posts...');
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('renders the list without the featured section when only the featured call fails', async () => {
    world.blog = 'featured failing';
    const html = await (await fetch(`${await pageServer()}/blog`)).text();
    expect(html).not.toContain('Featured Posts');
    expect(html).toContain('All Posts');
    expect(html).toContain('href="/blog/plain-one"');
  });

  it('answers only the two pages, to GET and HEAD', async () => {
    const base = await pageServer();
    expect((await fetch(`${base}/blogs`)).status).toBe(404);
    expect((await fetch(`${base}/blog/a/b`)).status).toBe(404);
    const post = await fetch(`${base}/blog`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${base}/blog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('sends the page gzipped to a browser that takes gzip', async () => {
    const base = await pageServer();
    // node:http, not fetch(), which would unzip the body before the test sees it.
    const { headers, body } = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${base}/blog`, { headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(body).toString()).toContain('All Posts');
  });

  it('renders a page once for everyone asking while it renders, and afresh for the next request', async () => {
    world.blog = 'slow post';
    const base = await pageServer({ dataTimeoutMs: 5_000 });
    const pages = await Promise.all([1, 2, 3].map(async () => (await fetch(`${base}/blog/plain-one`)).text()));
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain('blog-post__title');
    expect(world.blogCalls).toEqual(['/api/blog/posts/plain-one']);
    await fetch(`${base}/blog/plain-one`);
    expect(world.blogCalls).toEqual(['/api/blog/posts/plain-one', '/api/blog/posts/plain-one']);
  });

  it("keeps the shell's last copy while the shell cannot answer, and says so when it never could", async () => {
    const base = await pageServer({ copyCacheMs: 1 });
    expect((await fetch(`${base}/blog`)).status).toBe(200);
    world.shell = 'down';
    await new Promise((resolve) => setTimeout(resolve, 5));
    const kept = await fetch(`${base}/blog`);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain('All Posts');
    expect(logged.join('\n')).toContain('kept the last copy of /prerendered/blog.html');

    const fresh = await pageServer();
    const unavailable = await fetch(`${fresh}/blog`);
    expect(unavailable.status).toBe(502);
    const body = await unavailable.text();
    expect(body).toContain('not available right now');
    expect(body).not.toMatch(/at .*\.ts|Error:/);
  });

  it("sends the shell's own page when the shell was built without copies", async () => {
    world.shell = 'index only';
    const response = await fetch(`${await pageServer()}/blog`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SHELL_INDEX);
    expect(world.blogCalls).toEqual([]);
  });

  it("sends the shell's plain page, never an error, when the shell has no copy at all", async () => {
    world.shell = 'no copies';
    const base = await pageServer();
    for (const path of ['/blog', '/blog/plain-one']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(SHELL_INDEX);
    }
    expect(world.shellCalls).toEqual(['/prerendered/blog.html', '/index.html', '/prerendered/blog-post.html', '/index.html']);
    expect(world.blogCalls).toEqual([]);
    expect(logged.join('\n')).toContain('the shell has no /prerendered/blog.html; its plain page goes out');
  });

  it('answers its health with its process id (the launcher tells it from another stack by that)', async () => {
    expect(await (await fetch(`${await pageServer()}/health/ready`)).json()).toEqual({ status: 'ok', pid: process.pid });
  });
});
