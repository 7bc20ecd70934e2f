import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { loadKongConfig, scaleRateLimits } from './kong-config.mjs';
import { createRouteMatcher } from './route-matcher.mjs';
import { createRateLimiter } from './rate-limiter.mjs';
import { createStaticHandler, sendJson } from './static-files.mjs';
import { createUpstreamAgent, describeUpstream, proxyRequest } from './proxy.mjs';

const SIZE_UNITS = { bytes: 1, kilobytes: 1024, megabytes: 1024 * 1024 };
// Kong's request-size-limiting defaults: 128 megabytes.
const DEFAULT_PAYLOAD_SIZE = 128;

/** The shell answers client-side routes: GET paths with no file extension outside /api/ and /remotes/. */
export function isClientSideRoute(pathname) {
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/remotes/')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return extname(lastSegment) === '';
}

/**
 * Builds the request handler for one kong.yml. Each kong service is either proxied (its name is a key of
 * `upstreams`, e.g. `{ waitlist: 'http://127.0.0.1:3101' }`) or, when `frontendsDir/<name>` exists,
 * served from `frontendsDir/<name>/dist` by the gateway itself.
 */
export function createGatewayHandler({ kongConfig, upstreams = {}, frontendsDir = null }) {
  const agent = createUpstreamAgent();
  const matchRoute = createRouteMatcher(kongConfig.services);
  // Kong keeps one counter per client for a global rate limit, shared by every route; a limit set on a
  // service counts that service's requests only.
  const globalRateLimit = (() => {
    const plugin = kongConfig.globalPlugins.find((candidate) => candidate.name === 'rate-limiting');
    return plugin ? createRateLimiter(plugin.config) : null;
  })();
  const targets = new Map();
  for (const service of kongConfig.services) {
    targets.set(service.name, buildTarget(service, upstreams, frontendsDir, globalRateLimit));
  }

  // Synchronous on purpose: a cached static file is answered within the socket's read callback, with no
  // promise hop; only a disk check (at most once a second per file) returns a promise.
  function handle(req, res) {
    const url = req.url;
    const clientIp = req.socket.remoteAddress ?? 'unknown';
    const queryIndex = url.indexOf('?');
    const pathname = queryIndex === -1 ? url : url.slice(0, queryIndex);

    const match = matchRoute(pathname, req.method);
    if (match === null) return sendJson(res, 404, { message: 'no Route matched with those values' });
    const target = targets.get(match.service.name);
    // The gateway's own response headers as flat [name, value, ...] pairs (what writeHead takes fastest).
    const responseHeaders = [];
    let requestId = null;

    // Plugins run in Kong's priority order: correlation-id, rate-limiting, request-size-limiting.
    if (target.correlation !== null) {
      requestId = req.headers[target.correlation.headerKey] || randomUUID();
      if (target.correlation.echo) responseHeaders.push(target.correlation.header, requestId);
    }
    if (target.rateLimit !== null) {
      if (!target.rateLimit.into(clientIp, responseHeaders)) {
        return drainThen(req, () => sendJson(res, 429, { message: 'API rate limit exceeded' }, responseHeaders));
      }
    }
    let streamingLimit = null;
    if (target.sizeLimit !== null) {
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > target.sizeLimit) {
        responseHeaders.push('Connection', 'close');
        return drainThen(req, () => sendJson(res, 413, { message: 'Request size limit exceeded' }, responseHeaders));
      }
      if (declared === undefined && req.headers['transfer-encoding']) streamingLimit = target.sizeLimit;
    }

    if (target.kind === 'static') {
      return target.serve(req, res, match.upstreamPath, responseHeaders);
    }
    if (target.kind === 'missing') {
      return drainThen(req, () => sendJson(res, 502, { message: 'Service unavailable' }, responseHeaders));
    }
    const forwardedFor = req.headers['x-forwarded-for'];
    const upstreamHeaders = [
      'x-forwarded-for',
      forwardedFor ? `${forwardedFor}, ${clientIp}` : clientIp,
      'x-forwarded-proto',
      req.headers['x-forwarded-proto'] ?? 'http',
      'x-forwarded-host',
      req.headers['x-forwarded-host'] ?? req.headers.host ?? '',
      'x-forwarded-port',
      String(req.socket.localPort ?? ''),
      'x-forwarded-prefix',
      match.route.stripPath ? match.prefix : '',
      'x-real-ip',
      clientIp,
    ];
    if (requestId !== null) upstreamHeaders.push(target.correlation.headerKey, requestId);
    proxyRequest({
      req,
      res,
      upstream: target.upstream,
      path: queryIndex === -1 ? match.upstreamPath : match.upstreamPath + url.slice(queryIndex),
      agent,
      extraRequestHeaders: upstreamHeaders,
      responseHeaders,
      bodyLimit: streamingLimit,
    });
  }

  function handleSafely(req, res) {
    try {
      const pending = handle(req, res);
      if (pending !== undefined && typeof pending.then === 'function') pending.then(undefined, (error) => answerError(res, error));
    } catch (error) {
      answerError(res, error);
    }
  }

  return { handle: handleSafely, agent };
}

function answerError(res) {
  if (!res.headersSent) sendJson(res, 500, { message: 'An unexpected error occurred' });
  else res.destroy();
}

function buildTarget(service, upstreams, frontendsDir, globalRateLimit) {
  const target = { kind: 'missing', ...pluginsFor(service, globalRateLimit) };
  const upstream = upstreams[service.name];
  if (upstream) return { ...target, kind: 'proxy', upstream: describeUpstream(new URL(upstream)) };
  const frontendDir = frontendsDir ? join(frontendsDir, service.name) : null;
  if (frontendDir && existsSync(frontendDir) && statSync(frontendDir).isDirectory()) {
    const spaFallback = service.name === 'shell' ? isClientSideRoute : () => false;
    return { ...target, kind: 'static', serve: createStaticHandler(join(frontendDir, 'dist'), { spaFallback }) };
  }
  return target;
}

function pluginsFor(service, globalRateLimit) {
  const result = { correlation: null, rateLimit: null, sizeLimit: null };
  for (const plugin of service.plugins) {
    if (plugin.name === 'correlation-id') {
      const header = plugin.config.header_name ?? 'Kong-Request-ID';
      result.correlation = { header, headerKey: header.toLowerCase(), echo: plugin.config.echo_downstream ?? false };
    } else if (plugin.name === 'rate-limiting') {
      result.rateLimit = plugin.scope === 'global' ? globalRateLimit : createRateLimiter(plugin.config);
    } else if (plugin.name === 'request-size-limiting') {
      const unit = SIZE_UNITS[plugin.config.size_unit ?? 'megabytes'];
      result.sizeLimit = (plugin.config.allowed_payload_size ?? DEFAULT_PAYLOAD_SIZE) * unit;
    }
  }
  return result;
}

/** Answers only after the refused request body is read, so the client sees the answer, not a reset. */
function drainThen(req, respond) {
  if (req.readableEnded || (req.headers['content-length'] === undefined && !req.headers['transfer-encoding'])) {
    respond();
    return;
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  // Very large bodies: answer at once and close the connection rather than read megabytes for nothing.
  if (declared > 64 * 1024) {
    respond();
    req.resume();
    return;
  }
  req.resume();
  req.once('end', respond);
  req.once('error', respond);
}

/**
 * Starts the dev gateway. Options: port (0 picks a free one), host (default: all interfaces), kongFile, upstreams
 * (`{ waitlist: 'http://127.0.0.1:3101', ... }`), frontendsDir, rateLimitFactor (benchmarks only).
 * Resolves to `{ port, url, server, close() }`.
 */
export async function startGateway({ port = 8080, host, kongFile, upstreams = {}, frontendsDir = null, rateLimitFactor = 1 }) {
  if (!kongFile) throw new Error('startGateway: kongFile is required');
  const kongConfig = scaleRateLimits(loadKongConfig(kongFile), rateLimitFactor);
  const { handle, agent } = createGatewayHandler({ kongConfig, upstreams, frontendsDir });
  const server = http.createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, handle);
  const listen = (listenHost) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, listenHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
  if (host) {
    await listen(host);
  } else {
    // Dual-stack '::' so both 127.0.0.1 and ::1 (what "localhost" may resolve to) reach us; IPv4 when IPv6 is off.
    await listen('::').catch((error) => {
      if (error.code === 'EADDRINUSE') throw error;
      return listen('0.0.0.0');
    });
  }
  const actualPort = server.address().port;
  return {
    port: actualPort,
    url: `http://localhost:${actualPort}`,
    server,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
