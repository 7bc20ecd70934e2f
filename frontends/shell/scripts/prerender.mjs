// The public pages arrive as HTML, so a phone paints them before the Module Federation chain (shell entry ->
// shared React -> remotes manifest -> remote entry -> page chunk) has run. After `vite build`, this renders each
// page of PRERENDERED_PATHS with React's own static rendering on Node (react-dom/static, src/prerender/render-page.tsx):
// the shell's App, layout and route table, with public-site's page modules bundled in from its sources, for a
// signed-out visitor. No browser, no server and no API take part, so every machine that builds the shell (a
// developer's, CI, the Docker image) makes the same copies. Each page's markup goes into a copy of index.html at
// dist/prerendered/<page>.html, which the gateway (and docker/nginx/shell.conf) serve for the path; the shell's
// bootstrap replaces the markup with the live app once the page's remote module has loaded
// (src/prerender/replace-prerendered.ts), so nothing flickers and nothing moves. /blog and /blog/<slug> are the
// exception behind Kong and the launcher: public-site's page server (frontends/public-site/server) asks the shell
// for their copies and fills the marked view with the posts at request time; the shell serves them unfilled only
// when that server is not in front (nginx on its own).
//
// The copy's head carries a starter instead of the app's module entry (src/prerender/start-after-paint.ts): the
// app's modules, and the page's chunks and stylesheets as the two builds' manifests list them, are requested once
// the copy is painted.
//
// Without the built public-site (an image built without PRERENDER_WITH) the pages are served as before,
// unrendered: the step says so and succeeds.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const shellDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const frontendsDir = resolve(shellDir, '..');

/**
 * The public pages, as the app first shows them to a signed-out visitor. The path's file name: '/' ->
 * index.html, '/about' -> about.html. Blog posts share POST_COPY.
 */
export const PRERENDERED_PATHS = ['/', '/about', '/blog', '/coming-soon', '/paycheck-to-paycheck', '/privacy', '/terms', '/security', '/demo', '/login', '/register', '/forgot-password'];
/**
 * Every blog post's page shares one copy (filled per post by public-site's page server; docker/nginx/shell.conf
 * serves it for /blog/<slug> on its own): header, the post's loading view and footer, rendered at a sample slug.
 * Its data call, named with `{slug}`, is left to the starter, which knows the page's own path.
 */
export const POST_COPY = { path: '/blog/prerender-sample-post', slug: 'prerender-sample-post', file: 'blog-post.html' };
export const prerenderedFileName = (path) => `${path === '/' ? 'index' : path.slice(1)}.html`;
/** What the build writes: each public page's copy, then the posts' shared one. */
const COPIES = [...PRERENDERED_PATHS.map((path) => ({ path, file: prerenderedFileName(path) })), POST_COPY];

/** The remote the public pages come from, rendered from its sources. */
const REMOTE = 'public-site';
/** The key prefix of Module Federation's shared-module map chunk in a remote's Vite manifest. */
const SHARED_IMPORT_MAP_PREFIX = 'virtual:mf-localSharedImportMap';
/** The shell's module that the app's entry imports once federation is set up (src/main.tsx). */
const SHELL_BOOTSTRAP = 'src/bootstrap.tsx';

/** A build's Vite manifest (build.manifest in its vite.config.ts): every chunk by source key. */
async function readViteManifest(distDir) {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`prerender: ${file} is missing: build ${dirname(distDir)} again (its vite.config.ts writes it)`);
  return JSON.parse(await readFile(file, 'utf8'));
}

/**
 * What the chunk of `key` needs before it runs, from a Vite manifest: its file and its static imports', in the
 * order they are found, as URL paths under `base`, and the stylesheets those chunks import.
 */
export function chunkAssets(manifest, key, base) {
  const scripts = [];
  const stylesheets = [];
  const seen = new Set();
  const visit = (chunkKey) => {
    if (seen.has(chunkKey)) return;
    seen.add(chunkKey);
    const chunk = manifest[chunkKey];
    if (!chunk) throw new Error(`prerender: no chunk ${chunkKey} in the build's manifest`);
    scripts.push(base + chunk.file);
    for (const css of chunk.css ?? []) stylesheets.push(base + css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, stylesheets };
}

/**
 * The modules and stylesheets a page needs beyond index.html's own: the shell's bootstrap and, for a remote's
 * page, the remote's entry and the page's exposed module, each with what it imports. They are what the browser
 * would fetch one step of the federation chain at a time; the copy names them all at once.
 */
async function readPageAssets(exposes) {
  const shell = chunkAssets(await readViteManifest(join(shellDir, 'dist')), SHELL_BOOTSTRAP, '/');
  const remoteDist = join(frontendsDir, REMOTE, 'dist');
  const remoteManifest = await readViteManifest(remoteDist);
  // Where the shell finds the remote at run time, and so where its files are served.
  const remotesManifest = JSON.parse(await readFile(join(shellDir, 'dist', 'remotes-manifest.json'), 'utf8'));
  const entryUrl = remotesManifest[REMOTE];
  const base = entryUrl.slice(0, entryUrl.lastIndexOf('/') + 1);
  const entryKey = Object.keys(remoteManifest).find((key) => remoteManifest[key].file === entryUrl.slice(base.length));
  if (!entryKey) throw new Error(`prerender: ${REMOTE}'s manifest has no chunk for ${entryUrl}`);
  // The federation runtime imports the remote's shared-module map as soon as the entry initialises, though only
  // dynamically: without it in the list, that one chunk waits for the manifest like the whole chain did.
  const sharedMaps = (remoteManifest[entryKey].dynamicImports ?? []).filter((key) => key.startsWith(SHARED_IMPORT_MAP_PREFIX));
  const remoteEntry = [entryKey, ...sharedMaps]
    .map((key) => chunkAssets(remoteManifest, key, base))
    .reduce((all, next) => ({ scripts: [...all.scripts, ...next.scripts], stylesheets: [...all.stylesheets, ...next.stylesheets] }));
  return (remote) => {
    if (!remote) return { scripts: shell.scripts, stylesheets: shell.stylesheets };
    if (remote.name !== REMOTE || !exposes[remote.module]) throw new Error(`prerender: a public page shows ${remote.name}/${remote.module}, which is not rendered here`);
    const page = chunkAssets(remoteManifest, posix.normalize(exposes[remote.module]), base);
    const unique = (lists) => [...new Set(lists.flat())];
    return {
      scripts: unique([shell.scripts, remoteEntry.scripts, page.scripts]),
      stylesheets: unique([shell.stylesheets, remoteEntry.stylesheets, page.stylesheets]),
    };
  };
}

const VIRTUAL_ENTRY = 'virtual:paycadence-prerender';

/**
 * Bundles src/prerender/render-page.tsx with the remote's exposed modules (from their sources, so the pages and
 * the shell share one React, one router and one web-kit, as federation makes them share in the browser) into
 * one Node module, with Vite as the app's own build uses it. Answers the loaded module and how to remove it.
 */
async function buildRenderer(exposes) {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const renderModule = join(shellDir, 'src', 'prerender', 'render-page.tsx');
  const remoteDir = join(frontendsDir, REMOTE);
  const names = Object.keys(exposes);
  const source = [
    `import { provideRemoteModules } from ${JSON.stringify(renderModule)};`,
    ...names.map((name, index) => `import * as module${index} from ${JSON.stringify(join(remoteDir, exposes[name]))};`),
    `provideRemoteModules(${JSON.stringify(REMOTE)}, { ${names.map((name, index) => `${JSON.stringify(name)}: module${index}`).join(', ')} });`,
    `export { renderPage } from ${JSON.stringify(renderModule)};`,
  ].join('\n');
  const outDir = await mkdtemp(join(tmpdir(), 'paycadence-prerender-'));
  try {
    await build({
      configFile: false,
      root: shellDir,
      logLevel: 'warn',
      plugins: [
        react(),
        {
          name: 'paycadence-prerender-entry',
          resolveId: (id) => (id === VIRTUAL_ENTRY ? `\0${VIRTUAL_ENTRY}` : undefined),
          load: (id) => (id === `\0${VIRTUAL_ENTRY}` ? source : undefined),
        },
      ],
      // Everything bundled (as public-site's page server is): React's production build, no node_modules lookups.
      ssr: { noExternal: true, target: 'node' },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        ssr: true,
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        rollupOptions: { input: VIRTUAL_ENTRY, output: { entryFileNames: 'render.mjs', format: 'es' } },
      },
    });
    const renderer = await import(pathToFileURL(join(outDir, 'render.mjs')).href);
    return { renderPage: renderer.renderPage, remove: () => rm(outDir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
}

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
  // The shell page's own modulepreloads first, then the rest of what the page needs (the app's bootstrap, and
  // the remote's entry and page chunks).
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
  // The shell's Docker image builds public-site first only with PRERENDER_WITH (docker/frontend.Dockerfile).
  if (!existsSync(join(frontendsDir, REMOTE, 'dist', 'remoteEntry.js'))) {
    console.log(`prerender: skipped (${REMOTE} is not built here); the public pages are served unrendered`);
    return;
  }
  const started = Date.now();
  const { exposes } = await import(pathToFileURL(join(frontendsDir, REMOTE, 'exposes.mjs')).href);
  const indexHtml = await readFile(join(shellDir, 'dist', 'index.html'), 'utf8');
  const assetsOf = await readPageAssets(exposes);
  const starterPath = await buildStarter();
  const renderer = await buildRenderer(exposes);
  try {
    await mkdir(outDir, { recursive: true });
    for (const { path, file } of COPIES) {
      const { html, title, remote, dataUrls } = await renderer.renderPage(path);
      const { scripts, stylesheets } = assetsOf(remote);
      await writeFile(join(outDir, file), prerenderedDocument(indexHtml, { html, title, stylesheets, dataUrls, moduleUrls: scripts }, starterPath));
    }
  } finally {
    await renderer.remove();
  }
  console.log(`prerender: ${COPIES.length} public pages rendered with react-dom/static into dist/prerendered/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
