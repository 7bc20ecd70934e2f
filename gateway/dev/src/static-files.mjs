import { stat, readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzipSync } from 'node:zlib';

const brotli = promisify(brotliCompress);

export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml', '.webmanifest']);
const MIN_GZIP_BYTES = 1024;

// Vite names built chunks `name-<hash>.ext` (8+ url-safe characters); only those may be cached forever.
const HASHED_NAME = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export function cacheControlFor(filePath) {
  const extension = extname(filePath);
  if (extension === '.html') return 'no-cache';
  const parts = filePath.split(/[\\/]/);
  const base = parts.pop();
  const inAssets = parts.includes('assets');
  if (HASHED_NAME.test(base) && (inAssets || /[0-9]/.test(base.replace(extension, '')))) {
    return 'public, max-age=31536000, immutable';
  }
  // Unhashed files (remoteEntry.js, remotes-manifest.json, favicon) must be revalidated after a deploy.
  return 'no-cache';
}

// A served file is checked against the disk at most this often, so a rebuild shows up within a second
// while a busy page costs no file-system call per request.
const RECHECK_MS = 1000;
// How many distinct URL paths keep their resolved file path in memory (client-side routes are unbounded).
const MAX_RESOLVED_PATHS = 2048;
// The file cache is an LRU bounded by entries and bytes: random missing paths (each a remembered miss) and
// rebuilt files can never grow the gateway's memory past this. A built frontend is
// about 1 MB and 40 files, so every page's files stay cached.
export const STATIC_CACHE_LIMITS = { maxEntries: 1024, maxBytes: 64 * 1024 * 1024 };
// What a remembered miss or a path costs besides file bytes (the key, the record): a rough, fixed charge.
const ENTRY_OVERHEAD_BYTES = 256;

/** A Map in least-recently-used order with a cap on entries and on the bytes `sizeOf(value)` reports. */
export function createLruCache({ maxEntries, maxBytes, sizeOf }) {
  const map = new Map();
  let bytes = 0;
  const cost = (key, value) => key.length + ENTRY_OVERHEAD_BYTES + sizeOf(value);
  const remove = (key) => {
    const value = map.get(key);
    if (value === undefined) return;
    map.delete(key);
    bytes -= cost(key, value);
  };
  return {
    get(key) {
      const value = map.get(key);
      if (value !== undefined) {
        // Most recently used goes last; eviction takes from the front.
        map.delete(key);
        map.set(key, value);
      }
      return value;
    },
    set(key, value) {
      remove(key);
      map.set(key, value);
      bytes += cost(key, value);
      while (map.size > maxEntries || (bytes > maxBytes && map.size > 1)) remove(map.keys().next().value);
    },
    delete: remove,
    get size() {
      return map.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

const entryBytes = (record) =>
  record.entry ? record.entry.body.length + (record.entry.gzipped?.length ?? 0) + (record.entry.brotlied?.length ?? 0) : 0;
const GZIP_WORD = /\bgzip\b/;
const BROTLI_WORD = /\bbr\b/;

/**
 * Serves one built frontend folder. `spaFallback(pathname)` decides when a missing path answers with
 * index.html (the shell's client-side routes). Files are read once and kept in memory, keyed by mtime
 * and size, with a gzip copy for text types and their response headers prepared once.
 *
 * The returned `serveStatic(req, res, pathname, extraHeaders)` answers synchronously when the file was
 * checked within RECHECK_MS (the common case) and returns a promise only when it must ask the disk.
 * `extraHeaders` is a flat `[name, value, ...]` array (or a plain object) sent before the file's headers.
 */
export function createStaticHandler(rootDir, { spaFallback = () => false, prerendered = false, cacheLimits = STATIC_CACHE_LIMITS } = {}) {
  const cache = createLruCache({ ...cacheLimits, sizeOf: entryBytes });
  // A copy asked for by name (public-site's page server fills /prerendered/blog.html) that this build did not
  // make gets the shell's page, as nginx's `location /` answers it (docker/nginx/shell.conf): the page then
  // loads as the plain app instead of failing.
  const fallsBack = prerendered ? (pathname) => spaFallback(pathname) || PRERENDERED_COPY_PATH.test(pathname) : spaFallback;
  const resolvedPaths = new Map();
  const indexPath = join(rootDir, 'index.html');

  async function readEntry(filePath) {
    let info;
    try {
      info = await stat(filePath);
    } catch {
      return null;
    }
    if (info.isDirectory()) return load(join(filePath, 'index.html'));
    const previous = cache.get(filePath)?.entry;
    if (previous && previous.mtimeMs === info.mtimeMs && previous.size === info.size) return previous;
    const entry = createEntry(filePath, await readFile(filePath), info);
    addBrotliLater(entry);
    return entry;
  }

  /** The file's entry or null, synchronously when checked within RECHECK_MS, else a promise of it. */
  function load(filePath) {
    const cached = cache.get(filePath);
    const now = Date.now();
    if (cached !== undefined) {
      if (now - cached.checkedAt < RECHECK_MS) return cached.entry;
      // One disk check per file however many requests arrive while it runs.
      if (cached.pending !== null) return cached.pending;
    }
    const pending = readEntry(filePath).then(
      (entry) => {
        cache.set(filePath, { entry, checkedAt: now, pending: null });
        return entry;
      },
      (error) => {
        if (cached !== undefined) cached.pending = null;
        throw error;
      },
    );
    if (cached !== undefined) cached.pending = pending;
    return pending;
  }

  function resolvePath(pathname) {
    let filePath = resolvedPaths.get(pathname);
    if (filePath === undefined) {
      filePath = resolveInside(rootDir, pathname);
      if (resolvedPaths.size >= MAX_RESOLVED_PATHS) resolvedPaths.clear();
      resolvedPaths.set(pathname, filePath);
    }
    return filePath;
  }

  function answer(req, res, pathname, extraHeaders, entry) {
    if (entry === null && fallsBack(pathname)) {
      const fallback = load(indexPath);
      if (fallback instanceof Promise) return fallback.then((found) => finish(req, res, extraHeaders, found));
      entry = fallback;
    }
    return finish(req, res, extraHeaders, entry);
  }

  function finish(req, res, extraHeaders, entry) {
    if (entry === null) return sendJson(res, 404, { message: 'Not Found' }, extraHeaders);
    sendEntry(req, res, entry, extraHeaders);
  }

  function serveStatic(req, res, pathname, extraHeaders = []) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { message: 'Method Not Allowed' }, withHeader(extraHeaders, 'Allow', 'GET, HEAD'));
    }
    const copyPath = prerendered ? prerenderedCopyFor(rootDir, pathname) : null;
    if (copyPath !== null) {
      const copy = load(copyPath);
      if (copy instanceof Promise) return copy.then((found) => (found ? finish(req, res, extraHeaders, found) : serveBuilt(req, res, pathname, extraHeaders)));
      if (copy !== null) return finish(req, res, extraHeaders, copy);
    }
    return serveBuilt(req, res, pathname, extraHeaders);
  }

  function serveBuilt(req, res, pathname, extraHeaders) {
    const filePath = resolvePath(pathname);
    const entry = filePath === null ? null : load(filePath);
    if (entry instanceof Promise) return entry.then((found) => answer(req, res, pathname, extraHeaders, found));
    return answer(req, res, pathname, extraHeaders, entry);
  }
  // For tests and diagnostics: how much the file cache holds.
  serveStatic.cacheStats = () => ({ entries: cache.size, bytes: cache.bytes });
  return serveStatic;
}

/**
 * Brotli at its best setting, once per file version and off the event loop: about 14% fewer bytes than gzip on
 * the frontends' JavaScript, which a phone on a slow network feels.
 */
async function brotliFor(filePath, body) {
  if (!COMPRESSIBLE.has(extname(filePath)) || body.length < MIN_GZIP_BYTES) return null;
  return brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** Gzip answers until the brotli copy is ready: the first visitor after a deploy does not wait for it. */
function addBrotliLater(entry) {
  brotliFor(entry.filePath, entry.body).then(
    (brotlied) => {
      if (!brotlied) return;
      entry.brotlied = brotlied;
      entry.brotliHeaders = [...entry.notModifiedHeaders, 'Content-Encoding', 'br', 'Content-Length', String(brotlied.length)];
    },
    () => undefined, // gzip stays
  );
}

function createEntry(filePath, body, info, brotlied = null) {
  const extension = extname(filePath);
  const gzipped = COMPRESSIBLE.has(extension) && body.length >= MIN_GZIP_BYTES ? gzipSync(body) : null;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const common = [
    'Content-Type',
    CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Cache-Control',
    cacheControlFor(filePath),
    'ETag',
    etag,
    'Last-Modified',
    new Date(info.mtimeMs).toUTCString(),
  ];
  if (gzipped) common.push('Vary', 'Accept-Encoding');
  return {
    filePath,
    body,
    gzipped,
    brotlied,
    mtimeMs: info.mtimeMs,
    size: info.size,
    etag,
    // Header lists prepared once per file version; a request only prepends its plugin headers.
    notModifiedHeaders: common,
    plainHeaders: [...common, 'Content-Length', String(body.length)],
    gzipHeaders: gzipped ? [...common, 'Content-Encoding', 'gzip', 'Content-Length', String(gzipped.length)] : null,
    brotliHeaders: brotlied ? [...common, 'Content-Encoding', 'br', 'Content-Length', String(brotlied.length)] : null,
  };
}

export function sendEntry(req, res, entry, extraHeaders = []) {
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, joinHeaders(extraHeaders, entry.notModifiedHeaders));
    res.end();
    return;
  }
  const accepted = req.headers['accept-encoding'] ?? '';
  const [headers, body] =
    entry.brotlied && BROTLI_WORD.test(accepted)
      ? [entry.brotliHeaders, entry.brotlied]
      : entry.gzipped !== null && GZIP_WORD.test(accepted)
        ? [entry.gzipHeaders, entry.gzipped]
        : [entry.plainHeaders, entry.body];
  res.writeHead(200, joinHeaders(extraHeaders, headers));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Header pairs as one flat array: `first` (array or object) then `rest` (flat array). */
function joinHeaders(first, rest) {
  if (!Array.isArray(first)) first = toHeaderArray(first);
  if (first.length === 0) return rest;
  const joined = first.slice();
  for (let i = 0; i < rest.length; i += 1) joined.push(rest[i]);
  return joined;
}

function toHeaderArray(headers) {
  const flat = [];
  for (const name of Object.keys(headers)) flat.push(name, headers[name]);
  return flat;
}

function withHeader(headers, name, value) {
  return Array.isArray(headers) ? [...headers, name, value] : { ...headers, [name]: value };
}

/** Maps a URL path to a file under rootDir, or null when it would escape rootDir. */
const PAGE_PATH = /^\/[a-z0-9-]*$/;

/** A blog post's page: one copy serves them all (prerender.mjs's POST_COPY). Slugs are [a-z0-9-]. */
const POST_PATH = /^\/blog\/[a-z0-9-]+$/;

/** A prerendered copy asked for by its own path (prerender.mjs's file names). */
const PRERENDERED_COPY_PATH = /^\/prerendered\/[a-z0-9-]+\.html$/;

/**
 * The shell's prerendered copy of a public page (frontends/shell/scripts/prerender.mjs):
 * `/` -> prerendered/index.html, `/about` -> prerendered/about.html, `/blog/<slug>` -> prerendered/blog-post.html.
 * Only plain one-segment paths and post paths qualify.
 */
export function prerenderedCopyFor(rootDir, pathname) {
  if (POST_PATH.test(pathname)) return join(rootDir, 'prerendered', 'blog-post.html');
  if (!PAGE_PATH.test(pathname)) return null;
  return join(rootDir, 'prerendered', `${pathname === '/' ? 'index' : pathname.slice(1)}.html`);
}

export function resolveInside(rootDir, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const candidate = normalize(join(rootDir, decoded));
  const root = normalize(rootDir);
  if (candidate !== root && !candidate.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return candidate;
}

/** Sends `body` as JSON; `headers` (a flat `[name, value, ...]` array or an object) come first. */
export function sendJson(res, status, body, headers = []) {
  const payload = JSON.stringify(body);
  const flat = Array.isArray(headers) ? headers.slice() : toHeaderArray(headers);
  flat.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(payload)));
  res.writeHead(status, flat);
  res.end(payload);
}
