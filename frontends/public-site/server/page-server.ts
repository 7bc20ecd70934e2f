import { BLOG_ENDPOINTS, type BlogPost, type BlogPostSummary } from '@payday/contracts';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { postHead } from '../src/blog/usePostHead';
import { renderBlogList, renderBlogPost } from './render-view';
import { servedDocument } from './served-document';

// Issue 13 item 9: /blog and /blog/<slug> rendered with their posts at request time, so a phone's largest paint
// is the page's own content in the first response instead of after the app's JavaScript. Kong routes those
// two paths here (gateway/kong.yml, service public-site-pages); everything else stays the shell's.
//
// The page is the shell's prerendered copy (its header, footer and the starter that loads the app) with the
// view filled in. When the blog service cannot answer in time, the copy goes out as it is: the app then loads
// the posts itself and shows its own error view if it must, exactly as without this server.

export interface PageServerOptions {
  /** The blog service's origin, e.g. http://blog:3000. */
  blogUrl: string;
  /**
   * The shell's dist/prerendered folder: blog.html and blog-post.html. A shell built without them (no Chromium
   * on the build machine) has its index.html one folder up: that page goes out instead, as the shell would send it.
   */
  copiesDir: string;
  /** How long to wait for the blog service before sending the copy unfilled. */
  dataTimeoutMs?: number;
  log?: (message: string) => void;
}

/** The shell's copies this server fills (prerender.mjs: prerenderedFileName('/blog') and POST_COPY.file). */
const COPIES = { list: 'blog.html', post: 'blog-post.html' } as const;

/** A post's slug as the blog stores it (BlogPostInputSchema) and as Kong's route admits it. */
const POST_PATH = /^\/blog\/([a-z0-9-]{1,200})$/;

type Fetched<T> = { kind: 'ok'; data: T } | { kind: 'not-found' } | { kind: 'failed'; reason: string };

export function createPageServer({ blogUrl, copiesDir, dataTimeoutMs = 2_000, log = console.error }: PageServerOptions): Server {
  const copies = new Map<string, { mtimeMs: number; text: string }>();

  /** A copy (else the shell's page), read again only when the shell's build replaced it. */
  async function readCopy(file: string): Promise<string> {
    let path = join(copiesDir, file);
    const { mtimeMs } = await stat(path).catch(() => stat((path = join(copiesDir, '..', 'index.html'))));
    const cached = copies.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.text;
    const text = await readFile(path, 'utf8');
    copies.set(path, { mtimeMs, text });
    return text;
  }

  /** GET from the blog service, checked with the endpoint's own schema. */
  async function fetchFromBlog<T>(path: string, schema: { parse(value: unknown): T }): Promise<Fetched<T>> {
    try {
      const response = await fetch(new URL(path, blogUrl), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(dataTimeoutMs) });
      if (response.status === 404) return { kind: 'not-found' };
      if (!response.ok) return { kind: 'failed', reason: `blog answered ${response.status}` };
      return { kind: 'ok', data: schema.parse(await response.json()) };
    } catch (error) {
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  async function blogListPage(): Promise<{ status: number; html: string }> {
    const postsSchema = BLOG_ENDPOINTS.posts.response;
    const [copy, posts, featured] = await Promise.all([
      readCopy(COPIES.list),
      fetchFromBlog(BLOG_ENDPOINTS.posts.path, postsSchema),
      fetchFromBlog(`${BLOG_ENDPOINTS.posts.path}?featured=true`, postsSchema),
    ]);
    if (posts.kind !== 'ok') {
      log(`page-server: /blog sent unfilled (${posts.kind === 'failed' ? posts.reason : 'list not found'})`);
      return { status: 200, html: copy };
    }
    // As the app does: a failing featured call only hides its section.
    const featuredPosts: BlogPostSummary[] = featured.kind === 'ok' ? featured.data.posts : [];
    return { status: 200, html: servedDocument(copy, renderBlogList(posts.data.posts, featuredPosts)) };
  }

  async function blogPostPage(slug: string): Promise<{ status: number; html: string }> {
    const [copy, post] = await Promise.all([
      readCopy(COPIES.post),
      fetchFromBlog<BlogPost>(BLOG_ENDPOINTS.post.path.replace('{slug}', slug), BLOG_ENDPOINTS.post.response),
    ]);
    // Unknown (or a draft's): the app shows Post Not Found; the status tells crawlers and tools the same.
    if (post.kind === 'not-found') return { status: 404, html: copy };
    if (post.kind === 'failed') {
      log(`page-server: /blog/${slug} sent unfilled (${post.reason})`);
      return { status: 200, html: copy };
    }
    return { status: 200, html: servedDocument(copy, renderBlogPost(post.data), postHead(post.data)) };
  }

  async function route(request: IncomingMessage): Promise<{ status: number; html?: string; json?: unknown; allow?: string }> {
    const { pathname } = new URL(request.url ?? '/', 'http://page-server.invalid');
    // The process id lets the launcher tell this server from another stack's on the same port.
    if (pathname === '/health' || pathname === '/health/ready') return { status: 200, json: { status: 'ok', pid: process.pid } };
    const post = POST_PATH.exec(pathname);
    if (pathname !== '/blog' && !post) return { status: 404, json: { message: 'Not Found' } };
    if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, json: { message: 'Method Not Allowed' }, allow: 'GET, HEAD' };
    return post ? blogPostPage(post[1]) : blogListPage();
  }

  function send(request: IncomingMessage, response: ServerResponse, answer: Awaited<ReturnType<typeof route>>) {
    const isHtml = answer.html !== undefined;
    const body = Buffer.from(isHtml ? answer.html! : JSON.stringify(answer.json));
    response.statusCode = answer.status;
    response.setHeader('Content-Type', isHtml ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
    response.setHeader('Content-Length', body.length);
    // Rendered with the posts of this moment: always asked again, like the shell's own pages.
    response.setHeader('Cache-Control', 'no-cache');
    if (answer.allow) response.setHeader('Allow', answer.allow);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  return createServer((request, response) => {
    route(request).then(
      (answer) => send(request, response, answer),
      (error: unknown) => {
        // A missing copy (a shell built without Chromium) or a rendering bug: never a stack trace to the client.
        log(`page-server: ${request.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
        send(request, response, { status: 500, json: { message: 'Internal Server Error' } });
      },
    );
  });
}
