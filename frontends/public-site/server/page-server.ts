import { BLOG_ENDPOINTS, BLOG_LIMITS, SLUG_PATTERN, type BlogPostSummary } from '@paycadence/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { postHead } from '../src/blog/usePostHead';
import { renderBlogList, renderBlogPost } from './render-view';
import { hasServedView, servedDocument } from './served-document';

// /blog and /blog/<slug> rendered with their posts at request time, so a phone's largest paint
// is the page's own content in the first response instead of after the app's JavaScript. Kong routes those
// two paths here (gateway/kong.yml, service public-site-pages); everything else stays the shell's.
//
// The page is the shell's prerendered copy (its header, footer and the starter that loads the app), asked of
// the shell itself so that it always names the assets the shell serves now, with the view filled in. When the
// blog service cannot answer in time, the copy goes out as it is: the app then loads the posts itself and shows
// its own error view if it must, exactly as without this server.

export interface PageServerOptions {
  /** The blog service's origin, e.g. http://blog:3000. */
  blogUrl: string;
  /**
   * The shell's origin, e.g. http://shell:8080: its prerendered copies at /prerendered/blog.html and
   * /prerendered/blog-post.html (a shell built without them answers its index.html there, which goes out as is).
   */
  shellUrl: string;
  /** How long a page waits for its data, all calls together, before it goes out unfilled. */
  dataTimeoutMs?: number;
  /** How long a copy from the shell is reused before it is asked for again (a redeployed shell is seen by then). */
  copyCacheMs?: number;
  log?: (message: string) => void;
}

/** The shell's copies this server fills (prerender.mjs: prerenderedFileName('/blog') and POST_COPY.file). */
const COPIES = { list: '/prerendered/blog.html', post: '/prerendered/blog-post.html' } as const;
/** The shell's plain page, sent as it is when the shell has no copy to fill. */
const SHELL_PAGE = '/index.html';
/** /blog/<segment>; the segment is checked against the blog's own slug rule before anything is asked. */
const POST_PATH = /^\/blog\/([^/]+)$/;
const GZIP_WORD = /\bgzip\b/;

type Fetched<T> = { kind: 'ok'; data: T } | { kind: 'not-found' } | { kind: 'failed'; reason: string };
interface Page {
  status: number;
  html: string;
  gzipped: Buffer;
}
interface Answer {
  status: number;
  page?: Page;
  json?: unknown;
  allow?: string;
}

const reasonOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  // fetch() says only 'fetch failed'; what failed (ECONNREFUSED, a DNS error...) is its cause.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
};

export function createPageServer({ blogUrl, shellUrl, dataTimeoutMs = 1_000, copyCacheMs = 10_000, log = console.error }: PageServerOptions): Server {
  const copies = new Map<string, { until: number; text: Promise<string> }>();
  /** The renders in flight, by path: at most one per path at a time. */
  const rendering = new Map<string, Promise<Page>>();

  /** A copy from the shell, kept copyCacheMs; a failed ask keeps the last good copy, if there is one. */
  function readCopy(path: string): Promise<string> {
    const cached = copies.get(path);
    if (cached && cached.until > Date.now()) return cached.text;
    const ask = async (shellPath: string) => {
      const response = await fetch(new URL(shellPath, shellUrl), { signal: AbortSignal.timeout(5_000) });
      return { ok: response.ok, status: response.status, text: await response.text() };
    };
    const text = ask(path).then(async (copy) => {
      if (copy.ok) return copy.text;
      // A shell without the copy still has its page: the visitor gets the app, which loads the posts itself,
      // instead of an error page.
      if (copy.status === 404) {
        const plain = await ask(SHELL_PAGE);
        if (plain.ok) {
          log(`page-server: the shell has no ${path}; its plain page goes out`);
          return plain.text;
        }
      }
      throw new Error(`the shell answered ${copy.status} for ${path}`);
    });
    const kept = cached ? text.catch((error: unknown) => (log(`page-server: kept the last copy of ${path} (${reasonOf(error)})`), cached.text)) : text;
    copies.set(path, { until: Date.now() + copyCacheMs, text: kept });
    // Nothing kept to fall back on: the next request asks again instead of reusing the failure.
    kept.catch(() => copies.delete(path));
    return kept;
  }

  /** GET from the blog service, checked with the endpoint's own schema. */
  async function fetchFromBlog<T>(path: string, schema: { parse(value: unknown): T }, signal: AbortSignal): Promise<Fetched<T>> {
    try {
      const response = await fetch(new URL(path, blogUrl), { headers: { accept: 'application/json' }, signal });
      if (response.status === 404) return { kind: 'not-found' };
      if (!response.ok) return { kind: 'failed', reason: `blog answered ${response.status}` };
      return { kind: 'ok', data: schema.parse(await response.json()) };
    } catch (error) {
      return { kind: 'failed', reason: reasonOf(error) };
    }
  }

  const page = (status: number, html: string): Page => ({ status, html, gzipped: gzipSync(html) });

  async function blogListPage(): Promise<Page> {
    const copy = await readCopy(COPIES.list);
    if (!hasServedView(copy)) return page(200, copy);
    const signal = AbortSignal.timeout(dataTimeoutMs);
    const postsSchema = BLOG_ENDPOINTS.posts.response;
    const [posts, featured] = await Promise.all([
      fetchFromBlog(BLOG_ENDPOINTS.posts.path, postsSchema, signal),
      fetchFromBlog(`${BLOG_ENDPOINTS.posts.path}?featured=true`, postsSchema, signal),
    ]);
    if (posts.kind !== 'ok') {
      log(`page-server: /blog sent unfilled (${posts.kind === 'failed' ? posts.reason : 'list not found'})`);
      return page(200, copy);
    }
    // As in the app, a failing featured call only hides its section (served as none: the app's list would
    // otherwise wait for it behind a loading view; a later visit asks again once the data is a minute old).
    if (featured.kind !== 'ok') log(`page-server: /blog sent without featured posts (${featured.kind === 'failed' ? featured.reason : 'not found'})`);
    const featuredPosts: BlogPostSummary[] = featured.kind === 'ok' ? featured.data.posts : [];
    return page(200, servedDocument(copy, renderBlogList(posts.data.posts, featuredPosts)));
  }

  async function blogPostPage(slug: string): Promise<Page> {
    const copy = await readCopy(COPIES.post);
    // Not a slug the blog could hold, or a copy without its marks: the app shows what the page is.
    const isSlug = slug.length <= BLOG_LIMITS.slug && SLUG_PATTERN.test(slug);
    if (!isSlug) return page(404, copy);
    if (!hasServedView(copy)) return page(200, copy);
    const post = await fetchFromBlog(BLOG_ENDPOINTS.post.path.replace('{slug}', slug), BLOG_ENDPOINTS.post.response, AbortSignal.timeout(dataTimeoutMs));
    // Unknown (or a draft's): the app shows Post Not Found; the status tells crawlers and tools the same.
    if (post.kind === 'not-found') return page(404, copy);
    if (post.kind === 'failed') {
      log(`page-server: /blog/${slug} sent unfilled (${post.reason})`);
      return page(200, copy);
    }
    return page(200, servedDocument(copy, renderBlogPost(slug, post.data), postHead(post.data)));
  }

  /**
   * Every request for a path that arrives while that path is being rendered shares the render: under a crowd
   * one render (and one or two blog calls) serves them all, yet no page is older than the request that gets it
   * (nothing is kept once the render is done, so a post deleted a moment ago is not shown again).
   */
  function sharedRender(path: string, render: () => Promise<Page>): Promise<Page> {
    const inFlight = rendering.get(path);
    if (inFlight) return inFlight;
    const rendered = render().finally(() => rendering.delete(path));
    rendering.set(path, rendered);
    return rendered;
  }

  async function route(request: IncomingMessage): Promise<Answer> {
    const { pathname } = new URL(request.url ?? '/', 'http://page-server.invalid');
    // The process id lets the launcher tell this server from another stack's on the same port.
    if (pathname === '/health' || pathname === '/health/ready') return { status: 200, json: { status: 'ok', pid: process.pid } };
    const post = POST_PATH.exec(pathname);
    if (pathname !== '/blog' && !post) return { status: 404, json: { message: 'Not Found' } };
    if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, json: { message: 'Method Not Allowed' }, allow: 'GET, HEAD' };
    const served = await sharedRender(pathname, post ? () => blogPostPage(post[1]!) : blogListPage);
    return { status: served.status, page: served };
  }

  function send(request: IncomingMessage, response: ServerResponse, answer: Answer) {
    const gzip = answer.page !== undefined && GZIP_WORD.test(request.headers['accept-encoding'] ?? '');
    const body = answer.page ? (gzip ? answer.page.gzipped : Buffer.from(answer.page.html)) : Buffer.from(JSON.stringify(answer.json));
    response.statusCode = answer.status;
    response.setHeader('Content-Type', answer.page ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
    response.setHeader('Content-Length', body.length);
    if (gzip) response.setHeader('Content-Encoding', 'gzip');
    if (answer.page) response.setHeader('Vary', 'Accept-Encoding');
    // Rendered with the posts of this moment: always asked again, like the shell's own pages.
    response.setHeader('Cache-Control', 'no-cache');
    if (answer.allow) response.setHeader('Allow', answer.allow);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  return createServer((request, response) => {
    route(request).then(
      (answer) => send(request, response, answer),
      (error: unknown) => {
        // No copy from the shell (it is down and none was kept) or a rendering bug: never a stack trace to the client.
        log(`page-server: ${request.url} failed: ${error instanceof Error ? (error.stack ?? reasonOf(error)) : String(error)}`);
        send(request, response, { status: 502, json: { message: 'The page is not available right now. Please try again in a moment.' } });
      },
    );
  });
}
