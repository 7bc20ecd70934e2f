import { stat, readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/**
 * Serves one built frontend folder. `spaFallback(pathname)` decides when a missing path answers with
 * index.html (the shell's client-side routes). Files are read once and kept in memory, keyed by mtime
 * and size, with a gzip copy for text types.
 */
export function createStaticHandler(rootDir, { spaFallback = () => false } = {}) {
  const cache = new Map();
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
    const body = await readFile(filePath);
    const extension = extname(filePath);
    return {
      filePath,
      body,
      gzipped: COMPRESSIBLE.has(extension) && body.length >= MIN_GZIP_BYTES ? gzipSync(body) : null,
      mtimeMs: info.mtimeMs,
      size: info.size,
      etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: new Date(info.mtimeMs).toUTCString(),
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      cacheControl: cacheControlFor(filePath),
    };
  }

  /** The file's entry, or null when it does not exist; from memory when checked within RECHECK_MS. */
  function load(filePath) {
    const cached = cache.get(filePath);
    const now = Date.now();
    if (cached && now - cached.checkedAt < RECHECK_MS) return cached.entry;
    return readEntry(filePath).then((entry) => {
      cache.set(filePath, { entry, checkedAt: now });
      return entry;
    });
  }

  return async function serveStatic(req, res, pathname, extraHeaders = {}) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { message: 'Method Not Allowed' }, { ...extraHeaders, Allow: 'GET, HEAD' });
    }
    const filePath = resolveInside(rootDir, pathname);
    let entry = filePath ? await load(filePath) : null;
    if (!entry && spaFallback(pathname)) entry = await load(indexPath);
    if (!entry) return sendJson(res, 404, { message: 'Not Found' }, extraHeaders);
    sendEntry(req, res, entry, extraHeaders);
  };
}

export function sendEntry(req, res, entry, extraHeaders = {}) {
  const headers = {
    ...extraHeaders,
    'Content-Type': entry.contentType,
    'Cache-Control': entry.cacheControl,
    ETag: entry.etag,
    'Last-Modified': entry.lastModified,
  };
  if (entry.gzipped) headers.Vary = 'Accept-Encoding';
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const useGzip = entry.gzipped && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const body = useGzip ? entry.gzipped : entry.body;
  if (useGzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Maps a URL path to a file under rootDir, or null when it would escape rootDir. */
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

export function sendJson(res, status, body, headers = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}
