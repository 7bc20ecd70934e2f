// Issue 13 item 9: the public pages arrive as HTML, so a phone paints them before the Module Federation chain
// (shell entry -> shared React -> remotes manifest -> remote entry -> page chunk) has run. After `vite build`,
// this renders each page of PRERENDERED_PATHS in Chromium from the built shell and public-site folders (no
// server, no API: requests are answered from dist/ and signed-out) and writes the page's markup into a copy of
// index.html at dist/prerendered/<page>.html. The gateway (and docker/nginx/shell.conf) serve that copy for the
// path; the shell's bootstrap replaces the markup with the live app once the page's remote module has loaded
// (src/prerender/replace-prerendered.ts), so nothing flickers and nothing moves. /blog and /blog/<slug> are the
// exception behind Kong and the launcher: public-site's page server (frontends/public-site/server) asks the shell
// for their copies and fills the marked view with the posts at request time; the shell serves them unfilled only
// when that server is not in front (nginx on its own).
//
// The copy's head carries a starter instead of the app's module entry (src/prerender/start-after-paint.ts): the
// app's modules are requested once the copy is painted.
//
// Without Chromium (a machine that never ran the test bootstrap) or without the built public-site (an image
// built without PRERENDER_WITH) the pages are served as before, unrendered: the step says so and succeeds.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVED_VIEW_END, SERVED_VIEW_START } from '@payday/contracts';

const shellDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const frontendsDir = resolve(shellDir, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ORIGIN = 'http://prerender.invalid';

/**
 * The public pages, as the app first shows them to a signed-out visitor. The path's file name: '/' ->
 * index.html, '/about' -> about.html. Blog posts share POST_COPY.
 */
export const PRERENDERED_PATHS = ['/', '/about', '/blog', '/coming-soon', '/paycheck-to-paycheck', '/privacy', '/terms', '/security', '/demo', '/login', '/register', '/forgot-password'];
/**
 * Every blog post's page shares one copy (filled per post by public-site's page server; docker/nginx/shell.conf
 * serves it for /blog/<slug> on its own):
 * header, the post's loading view and footer, captured at a sample slug. Its data call, named with `{slug}`, is
 * left to the starter, which knows the page's own path.
 */
export const POST_COPY = { path: '/blog/prerender-sample-post', slug: 'prerender-sample-post', file: 'blog-post.html' };
/**
 * Pages whose content is data, and what shows the page's own view has rendered: captured in the loading view
 * the app shows until the data arrives (their API calls are held), never with a build-time copy of the data.
 * The view is marked (SERVED_VIEW_*) for the page server to put the view with the data in its place.
 */
const DATA_PAGES = new Map([
  ['/blog', 'main .blog-list-page'],
  [POST_COPY.path, 'main .blog-post-page'],
]);
/** The data pages' API calls, held unanswered while the page is captured. */
const HELD_API_PREFIX = '/api/blog/';
export const prerenderedFileName = (path) => `${path === '/' ? 'index' : path.slice(1)}.html`;
/** What the build writes: each public page's copy, then the posts' shared one. */
const COPIES = [...PRERENDERED_PATHS.map((path) => ({ path, file: prerenderedFileName(path) })), POST_COPY];

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** The built file a request maps to: /remotes/<name>/… from that remote's dist, the rest from the shell's. */
function builtFileFor(pathname) {
  const remote = /^\/remotes\/([a-z-]+)\/(.*)$/.exec(pathname);
  const [root, rest] = remote ? [join(frontendsDir, remote[1], 'dist'), remote[2]] : [join(shellDir, 'dist'), pathname.slice(1)];
  const file = normalize(join(root, rest));
  if (!file.startsWith(root + sep) || !existsSync(file) || extname(file) === '') return join(shellDir, 'dist', 'index.html');
  return file;
}

async function answerFromDist(route) {
  const { pathname } = new URL(route.request().url());
  // A data page's calls stay pending (the page closes before they would be answered).
  if (pathname.startsWith(HELD_API_PREFIX)) return undefined;
  // Signed out and without data: the session check is refused, every other API call finds nothing.
  if (pathname.startsWith('/api/')) return route.fulfill({ status: pathname === '/api/auth/refresh' ? 401 : 404, json: { message: 'Not Found' } });
  const file = builtFileFor(pathname);
  return route.fulfill({ status: 200, body: await readFile(file), contentType: TYPES[extname(file)] ?? 'application/octet-stream' });
}

/**
 * In the page: answers the route's markup, title and stylesheets. A data page's view is marked with the comments
 * public-site's page server fills with the view rendered from the page's data (`marks`: SERVED_VIEW_*).
 */
function captureInPage({ dataPageView, marks }) {
  const root = document.getElementById('root');
  const copy = root.cloneNode(true);
  const view = dataPageView ? copy.querySelector(dataPageView) : null;
  view?.before(document.createComment(marks.start));
  view?.after(document.createComment(marks.end));
  // Controls do nothing until the app takes over (a second or two on a slow phone): typing would be lost and
  // a native submit would put the fields in the URL, so they wait, looking as they will (styles.css).
  // (readonly does not hold a box or a radio button back, so those are disabled like buttons.)
  for (const field of copy.querySelectorAll('input:not([type="checkbox"], [type="radio"], [type="file"]), textarea')) field.setAttribute('readonly', '');
  for (const control of copy.querySelectorAll('button, select, input[type="checkbox"], input[type="radio"], input[type="file"]')) control.setAttribute('disabled', '');
  // As the loader adds them (same path, CORS mode), so the browser's cache serves the app's own request.
  const stylesheets = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname);
  return { html: copy.innerHTML, title: document.title, stylesheets };
}

async function renderPage(context, path) {
  const page = await context.newPage();
  try {
    const dataPage = DATA_PAGES.get(path);
    // The calls a data page makes for its data: the copy asks for them at once (prerenderedDocument).
    const dataUrls = [];
    // Every module the page loaded (the shell's, then the remote's entry and page chunks): the copy preloads
    // them all at once, so the federation chain (shell -> manifest -> remote entry -> page chunk) costs one
    // round of downloads instead of one per step.
    const moduleUrls = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(HELD_API_PREFIX) && !dataUrls.includes(url.pathname + url.search)) dataUrls.push(url.pathname + url.search);
      if (request.resourceType() === 'script' && isAppModule(url.pathname) && !moduleUrls.includes(url.pathname)) moduleUrls.push(url.pathname);
    });
    await page.goto(ORIGIN + path, { waitUntil: dataPage ? 'load' : 'networkidle' });
    // The page's own content (its heading; a data page's own view, in its loading state), not the shell's
    // loading view.
    await page.waitForFunction((dataPageView) => {
      if (dataPageView) return document.querySelector(dataPageView) !== null;
      const main = document.querySelector('main');
      return main !== null && main.querySelector('h1') !== null && main.querySelector('.pc-spinner, [aria-busy="true"]') === null;
    }, dataPage ?? null);
    // A data page's view can render a moment before its first data call leaves (react-query asks in an effect).
    for (let waited = 0; dataPage && dataUrls.length === 0; waited += 50) {
      if (waited > 10_000) throw new Error(`prerender: ${path} asked for no data in 10 s`);
      await page.waitForTimeout(50);
    }
    const captured = await page.evaluate(captureInPage, { dataPageView: dataPage ?? null, marks: { start: SERVED_VIEW_START, end: SERVED_VIEW_END } });
    // The posts' copy asks for the visited post's data, not the sample's.
    return { ...captured, dataUrls: dataUrls.map((url) => url.replaceAll(POST_COPY.slug, '{slug}')), moduleUrls };
  } finally {
    await page.close();
  }
}

/** A built module of the shell or a remote (not a classic script such as /zod-jitless.js). */
const isAppModule = (pathname) => pathname.endsWith('.js') && (pathname.startsWith('/assets/') || pathname.startsWith('/remotes/') || /^\/remoteEntry-[\w-]+\.js$/.test(pathname));

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const MODULE_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html with the page's title, stylesheets (so the first paint is styled) and markup. The app's module
 * entry and its modulepreloads give way to the starter (src/prerender/start-after-paint.ts), which adds them,
 * with the page's other modules (`moduleUrls`), once the copy is painted: requested from the <head> they would
 * compete with the first paint for a phone's bandwidth and CPU.
 */
export function prerenderedDocument(indexHtml, { html, title, stylesheets, dataUrls = [], moduleUrls = [] }, starterPath) {
  // A data page's calls start with the HTML (as fetch() will ask: same-origin credentials, CORS mode), not at
  // the end of the app's module chain; the list they fill is the page's largest paint. A call that names the
  // page's {slug} is the starter's to ask for, as soon as it runs.
  const [pageDataUrls, fixedDataUrls] = [dataUrls.filter((url) => url.includes('{slug}')), dataUrls.filter((url) => !url.includes('{slug}'))];
  const head =
    stylesheets.map((path) => `<link rel="stylesheet" crossorigin href="${escapeHtml(path)}">`).join('') +
    fixedDataUrls.map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`).join('');
  const entry = MODULE_ENTRY.exec(indexHtml)?.[1];
  if (entry === undefined) throw new Error('prerender: index.html has no module entry');
  // The shell page's own modulepreloads first, then the rest of what the page loaded (its remote's modules).
  const shellPreloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const preloads = [...new Set([...shellPreloads, ...moduleUrls])].filter((path) => path !== entry);
  const fetches = pageDataUrls.length > 0 ? ` data-fetch="${escapeHtml(pageDataUrls.join(' '))}"` : '';
  const starter = `<script defer src="${escapeHtml(starterPath)}" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads.join(' '))}"${fetches}></script>`;
  // Replacer functions: the page's text may hold '$&' or '$$', which a replacement string would interpret.
  return indexHtml
    .replace(MODULE_PRELOAD, '')
    .replace(MODULE_ENTRY, () => starter)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${html}</div>`);
}

/** Builds the starter into dist/assets as one classic script (a content-hashed name); answers its URL path. */
async function buildStarter() {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    root: shellDir,
    logLevel: 'warn',
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry: 'src/prerender/start-after-paint.ts', formats: ['iife'], name: 'paycadenceStarter' },
      rollupOptions: { output: { entryFileNames: 'assets/start-after-paint-[hash].js' } },
    },
  });
  const chunk = [output].flat()[0].output.find((file) => file.type === 'chunk' && file.isEntry);
  return `/${chunk.fileName}`;
}

async function main() {
  const outDir = join(shellDir, 'dist', 'prerendered');
  await rm(outDir, { recursive: true, force: true });
  if (!existsSync(CHROMIUM)) {
    console.log(`prerender: skipped (no Chromium at ${CHROMIUM}); the public pages are served unrendered`);
    return;
  }
  // The shell's Docker image builds public-site first only with PRERENDER_WITH (docker/frontend.Dockerfile).
  if (!existsSync(join(frontendsDir, 'public-site', 'dist', 'remoteEntry.js'))) {
    console.log('prerender: skipped (public-site is not built here); the public pages are served unrendered');
    return;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.route('**/*', answerFromDist);
    const indexHtml = await readFile(join(shellDir, 'dist', 'index.html'), 'utf8');
    const starterPath = await buildStarter();
    await mkdir(outDir, { recursive: true });
    for (const { path, file } of COPIES) {
      const rendered = await renderPage(context, path);
      await writeFile(join(outDir, file), prerenderedDocument(indexHtml, rendered, starterPath));
    }
    console.log(`prerender: ${COPIES.length} public pages written to dist/prerendered/`);
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
